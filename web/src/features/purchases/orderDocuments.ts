import { graphql } from '../../gql';

/** What the buyer's pages show of an order: /payment-success, /my-purchases. */
graphql(`
  fragment OrderDetails on Order {
    id
    number
    status
    currency
    subtotalCents
    memberDiscountPercent
    memberDiscountCents
    discountCents
    creditCents
    totalCents
    couponCode
    paymentProvider
    createdAt
    paidAt
    refundedAt
    refundReason
    receiptUrl
    receiptPdfUrl
    lines {
      id
      itemType
      itemId
      title
      unitPriceCents
      quantity
      lineTotalCents
      imageUrl
      downloadUrl
      courseUrl
      ...OrderLineLicences
    }
  }
`);

export const OrderQueryDocument = graphql(`
  query OrderById($id: ID!) {
    order(id: $id) {
      ...OrderDetails
    }
  }
`);

export const MyOrdersQueryDocument = graphql(`
  query MyOrders($first: Int, $after: String) {
    myOrders(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...OrderDetails
      }
    }
  }
`);
