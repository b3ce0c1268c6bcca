// The front door of features/cart: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { AddToCartButton } from './AddToCartButton';
export { CartLineRow } from './CartLineRow';
export { GuestModeProvider } from './GuestModeProvider';
export { useCart } from './useCart';
export { addedToast } from './useCartItemAdd';
