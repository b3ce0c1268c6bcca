import { graphql } from '../../gql';

/** What /my-purchases shows of an order placed in the connected store. */
graphql(`
  fragment StoreOrderDetails on StoreOrder {
    id
    name
    createdAt
    status
    financialStatus
    fulfillmentStatus
    cancelledAt
    total {
      amount
      currencyCode
    }
    lines {
      title
      variantTitle
      quantity
      refundedQuantity
      sku
      price {
        amount
        currencyCode
      }
    }
    trackingNumber
    trackingUrl
    trackingCompany
    statusUrl
  }
`);

/** My store orders, newest first. */
export const MyStoreOrdersQueryDocument = graphql(`
  query MyStoreOrders($first: Int, $after: String) {
    me {
      id
      email
      emailVerified
    }
    storeOrders(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...StoreOrderDetails
      }
    }
  }
`);
