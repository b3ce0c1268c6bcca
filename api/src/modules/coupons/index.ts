// The coupons module's front door: what other modules may use of it.
export { inScope } from './coupon-rules';
export { type Coupon, type CouponScope } from './coupon.entity';
export { CouponsService } from './coupons.service';
