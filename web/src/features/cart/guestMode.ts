/** The guest-mode flag (spec section 4): stored under `guestModeEnabled` as "true" or "false", default on. */
export const GUEST_MODE_KEY = 'guestModeEnabled';

export function parseGuestMode(raw: string | null | undefined): boolean {
  return raw !== 'false';
}

export const STORAGE_ERROR = {
  title: 'Storage Error',
  description: 'Failed to save your cart. Please make sure cookies are enabled.',
} as const;
