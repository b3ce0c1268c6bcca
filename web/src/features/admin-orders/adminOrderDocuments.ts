import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

graphql(`
  fragment AdminOrderRow on Order {
    id
    number
    status
    totalCents
    createdAt
    buyer {
      id
      username
      displayName
    }
    lines {
      id
      quantity
    }
  }
`);

graphql(`
  fragment AdminOrderDetails on Order {
    ...OrderDetails
    paymentReference
    refundReference
    disputeStatus
    history {
      event
      note
      amountCents
      createdAt
    }
    buyer {
      id
      username
      displayName
      email
    }
  }
`);

export const AdminOrdersQueryDocument = graphql(`
  query AdminOrders($first: Int, $after: String, $status: String, $search: String) {
    adminOrders(first: $first, after: $after, status: $status, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminOrderRow
      }
    }
  }
`);

export const AdminOrderQueryDocument = graphql(`
  query AdminOrder($id: ID!) {
    order(id: $id) {
      ...AdminOrderDetails
    }
  }
`);

const OrderRefundMutationDocument = graphql(`
  mutation OrderRefund($input: OrderRefundInput!) {
    orderRefund(input: $input) {
      order {
        ...AdminOrderDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const useOrderRefund = () =>
  useCourseMutation(OrderRefundMutationDocument, 'Order not refunded', ['AdminOrders']);

export const MAX_REFUND_REASON = 500;
