import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

graphql(`
  fragment AdminRefundDueRow on RefundDue {
    id
    orderNumber
    amountCents
    paymentProvider
    attempts
    lastError
    lastAttemptAt
    dueSince
    buyer {
      id
      username
      displayName
      email
    }
  }
`);

export const AdminRefundsDueQueryDocument = graphql(`
  query AdminRefundsDue($first: Int, $after: String) {
    adminRefundsDue(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminRefundDueRow
      }
    }
  }
`);

const RefundRetryMutationDocument = graphql(`
  mutation AdminRefundRetry($input: RefundRetryInput!) {
    adminRefundRetry(input: $input) {
      order {
        id
        status
      }
      refund {
        ...AdminRefundDueRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** "Retry now": tries the refund at once; the list is read again whatever the answer. */
export const useRefundRetry = () =>
  useCourseMutation(RefundRetryMutationDocument, 'Refund not sent', ['AdminRefundsDue']);
