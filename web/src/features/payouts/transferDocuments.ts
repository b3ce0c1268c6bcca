import { graphql } from '../../gql';

export const TransferRowFragment = graphql(`
  fragment TransferRow on SellerTransfer {
    id
    orderNumber
    netCents
    recoveredCents
    amountCents
    reversedCents
    status
    stripeTransferId
    failureReason
    createdAt
    paidAt
  }
`);

export const PayoutBalanceFieldsFragment = graphql(`
  fragment PayoutBalanceFields on PayoutBalance {
    transferredCents
    inTransitCents
    failedCents
    failedCount
    awaitingTransferCents
    onHoldCents
    reversedCents
    negativeBalanceCents
    owedCents
  }
`);

export const SellerTransfersQueryDocument = graphql(`
  query SellerTransfers($first: Int, $after: String) {
    sellerTransfers(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...TransferRow
      }
    }
    sellerPayoutBalance {
      ...PayoutBalanceFields
    }
  }
`);

export const InstructorTransfersQueryDocument = graphql(`
  query InstructorTransfers($first: Int, $after: String) {
    instructorTransfers(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...TransferRow
      }
    }
    instructorPayoutBalance {
      ...PayoutBalanceFields
    }
  }
`);

export const AdminSellerTransfersQueryDocument = graphql(`
  query AdminSellerTransfers($first: Int, $after: String, $status: String) {
    adminSellerTransfers(first: $first, after: $after, status: $status) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...TransferRow
        seller {
          id
          username
        }
      }
    }
    adminPayoutTotals {
      ...PayoutBalanceFields
    }
    adminPayoutBalances(first: 20) {
      seller {
        id
        username
      }
      ...PayoutBalanceFields
    }
  }
`);

export const SellerTransfersRunMutationDocument = graphql(`
  mutation SellerTransfersRun {
    sellerTransfersRun {
      queued
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MyPayoutsQueryDocument = graphql(`
  query MyPayouts($first: Int, $after: String) {
    myPayouts(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        stripePayoutId
        amountCents
        status
        arrivalDate
        failureMessage
        createdAt
        transfers {
          id
          orderNumber
          amountCents
        }
      }
    }
  }
`);
