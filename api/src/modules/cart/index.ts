// The cart module's front door: what other modules may use of it.
export { removeBoughtItems } from './cart-bought';
export { registerPaidOrderSql } from './paid-orders';
export { CartService } from './cart.service';
export { memberLineDiscount } from './member-discount';
export { eraseCartData } from './personal-data';
export { CART_POLL_PATH, cartListRoute } from './cart-list.route';
