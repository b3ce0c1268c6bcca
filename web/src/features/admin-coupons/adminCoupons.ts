import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

graphql(`
  fragment AdminCoupon on Coupon {
    id
    code
    description
    kind
    percentOff
    amountOffCents
    startsAt
    endsAt
    usageLimit
    perMemberLimit
    usedCount
    minSubtotalCents
    scope
    active
    status
    createdAt
  }
`);

export const AdminCouponsQueryDocument = graphql(`
  query AdminCoupons($first: Int, $after: String, $search: String) {
    adminCoupons(first: $first, after: $after, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminCoupon
      }
    }
  }
`);

const CouponCreateMutationDocument = graphql(`
  mutation CouponCreate($input: CouponCreateInput!) {
    couponCreate(input: $input) {
      coupon {
        ...AdminCoupon
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CouponUpdateMutationDocument = graphql(`
  mutation CouponUpdate($input: CouponUpdateInput!) {
    couponUpdate(input: $input) {
      coupon {
        ...AdminCoupon
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CouponDeleteMutationDocument = graphql(`
  mutation CouponDelete($input: CouponDeleteInput!) {
    couponDelete(input: $input) {
      deletedCouponId
      deactivated
      coupon {
        ...AdminCoupon
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const REFETCH = ['AdminCoupons'];

export const useCouponCreate = () =>
  useCourseMutation(CouponCreateMutationDocument, 'Coupon not created', REFETCH);
export const useCouponUpdate = () =>
  useCourseMutation(CouponUpdateMutationDocument, 'Coupon not saved', REFETCH);
export const useCouponDelete = () =>
  useCourseMutation(CouponDeleteMutationDocument, 'Coupon not deleted', REFETCH);
