import { isStaff } from '../../graphql/rules';

/** Coupons are managed by staff only; checkout applies them through CouponsService. */
export const couponsPermissions = {
  Query: {
    adminCoupons: isStaff,
    coupon: isStaff,
  },
  Mutation: {
    couponCreate: isStaff,
    couponUpdate: isStaff,
    couponDelete: isStaff,
  },
  Coupon: isStaff,
  CouponConnection: isStaff,
  CouponEdge: isStaff,
  CouponPayload: isStaff,
  CouponDeletePayload: isStaff,
};
