import { defineModule } from '../../lib/define-module';
import { CouponsService } from './coupons.service';
import { CouponRedemption } from './coupon-redemption.entity';
import { Coupon } from './coupon.entity';
import { couponsPermissions } from './coupons.permissions';
import { CouponsResolver } from './coupons.resolver';

/** The coupons module's contribution to the app (listed in `modules/index.ts`). */
export const couponsModule = defineModule({
  name: 'coupons',
  services: {
    coupons: ({ em }) => new CouponsService(em),
  },
  resolvers: [CouponsResolver],
  permissions: [couponsPermissions],
  entities: [Coupon, CouponRedemption],
});

declare module '../../services' {
  interface Services {
    coupons: CouponsService;
  }
}
