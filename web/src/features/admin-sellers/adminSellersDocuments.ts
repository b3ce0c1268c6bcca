import { graphql } from '../../gql';

graphql(`
  fragment AdminSellerRow on AdminSeller {
    id
    storeName
    payoutStatus
    stripeAccountId
    suspended
    suspendedReason
    suspendedAt
    resourceCount
    salesCount
    grossCents
    user {
      id
      username
      displayName
    }
  }
`);

export const AdminSellersQueryDocument = graphql(`
  query AdminSellers($first: Int, $after: String, $search: String) {
    adminSellers(first: $first, after: $after, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminSellerRow
      }
    }
  }
`);

export const SellerSuspendMutationDocument = graphql(`
  mutation SellerSuspend($input: SellerSuspendInput!) {
    sellerSuspend(input: $input) {
      seller {
        ...AdminSellerRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SellerReinstateMutationDocument = graphql(`
  mutation SellerReinstate($input: SellerReinstateInput!) {
    sellerReinstate(input: $input) {
      seller {
        ...AdminSellerRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const PlatformSettingsQueryDocument = graphql(`
  query PlatformSettings {
    platformSettings {
      platformFeePercent
      bookingHoldsMax
      bookingHoldsPerHour
      updatedAt
    }
  }
`);

export const PlatformSettingsUpdateMutationDocument = graphql(`
  mutation PlatformSettingsUpdate($input: PlatformSettingsUpdateInput!) {
    platformSettingsUpdate(input: $input) {
      settings {
        platformFeePercent
        bookingHoldsMax
        bookingHoldsPerHour
        updatedAt
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
