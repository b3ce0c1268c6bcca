/** Where the guest cart and the guest-mode flag are kept in local storage (spec sections 3–5). */
export const GUEST_CART_KEY = 'drx_guest_cart';
export const GUEST_MODE_KEY = 'guestModeEnabled';
