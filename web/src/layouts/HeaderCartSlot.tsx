/**
 * Placeholder for the header's cart dropdown (item-count badge, 'Your Cart' / 'Guest Shopping
 * Cart', Checkout…). The cart issue fills this component; until then it renders nothing.
 */
export function HeaderCartSlot(): null {
  return null;
}
