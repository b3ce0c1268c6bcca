import { defineModule } from '../../lib/define-module';
import { CouponRedemption } from './coupon-redemption.entity';
import { Coupon } from './coupon.entity';
import { couponsPermissions } from './coupons.permissions';
import { CouponsResolver } from './coupons.resolver';

/** The coupons module's contribution to the app (listed in `modules/index.ts`). */
export const couponsModule = defineModule({
  name: 'coupons',
  resolvers: [CouponsResolver],
  permissions: [couponsPermissions],
  entities: [Coupon, CouponRedemption],
});
