import { graphql } from '../../gql';

export const SellerDashboardQueryDocument = graphql(`
  query SellerDashboard {
    sellerDashboard {
      id
      salesCount
      grossRevenueCents
      netEarningsCents
      pendingBalanceCents
      availableBalanceCents
      totalDownloads
      averageRating
      ratingCount
      platformFeePercent
      holdDays
      resourcesByStatus {
        draft
        published
        rejected
      }
    }
  }
`);

export const SellerSalesSeriesQueryDocument = graphql(`
  query SellerSalesSeries($days: Int!) {
    sellerDashboard {
      id
      salesSeries(days: $days) {
        date
        salesCount
        grossCents
        netCents
      }
    }
  }
`);

export const SellerResourceSalesQueryDocument = graphql(`
  query SellerResourceSales {
    sellerDashboard {
      id
      resourceSales {
        resourceId
        title
        status
        priceCents
        salesCount
        grossCents
        netCents
        downloadCount
        ratingAverage
        ratingCount
      }
    }
  }
`);

export const SellerEarningsQueryDocument = graphql(`
  query SellerEarnings($first: Int, $after: String) {
    sellerEarnings(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        orderNumber
        grossCents
        feePercent
        feeCents
        netCents
        status
        payoutState
        createdAt
        resource {
          id
          title
        }
      }
    }
  }
`);

graphql(`
  fragment StripeConnectStatusFields on StripeConnectStatus {
    accountId
    chargesEnabled
    payoutsEnabled
    detailsSubmitted
    requirementsDue
    requirements
    disabledReason
    disabledReasonText
    payoutStatus
    testMode
    errorMessage
  }
`);

export const StripeConnectStatusQueryDocument = graphql(`
  query StripeConnectStatus {
    stripeConnectStatus {
      ...StripeConnectStatusFields
    }
  }
`);

export const StripeConnectStartMutationDocument = graphql(`
  mutation StripeConnectStart($returnTo: PayoutPage) {
    stripeConnectStart(returnTo: $returnTo) {
      url
      accountId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MyStoreQueryDocument = graphql(`
  query MyStore {
    myStore {
      id
      storeName
      bio
      logoUrl
      zip
      city
      state
    }
  }
`);

export const StoreProfileUpdateMutationDocument = graphql(`
  mutation StoreProfileUpdate($input: StoreProfileUpdateInput!) {
    storeProfileUpdate(input: $input) {
      store {
        id
        storeName
        bio
        logoUrl
        zip
        city
        state
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
