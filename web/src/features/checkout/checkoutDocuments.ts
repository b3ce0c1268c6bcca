import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

/** The cart being checked out (the same fields as the header's `Cart` query, so they share the cache). */
export const CheckoutCartQueryDocument = graphql(`
  query CheckoutCart {
    cart {
      itemCount
      subtotalCents
      items {
        id
        itemType
        itemId
        title
        unitPriceCents
        quantity
        lineTotalCents
        imageUrl
        createdAt
      }
    }
  }
`);

export const CheckoutQuoteQueryDocument = graphql(`
  query CheckoutQuote($couponCode: String) {
    checkoutQuote(couponCode: $couponCode) {
      subtotalCents
      memberDiscountPercent
      memberDiscountCents
      discountCents
      totalCents
      couponCode
      couponError
      itemCount
    }
  }
`);

export const PaymentConfigQueryDocument = graphql(`
  query PaymentConfig {
    paymentConfig {
      provider
      publishableKey
    }
  }
`);

const CheckoutStartMutationDocument = graphql(`
  mutation CheckoutStart($input: CheckoutStartInput!) {
    checkoutStart(input: $input) {
      order {
        ...OrderDetails
      }
      payment {
        provider
        clientSecret
        publishableKey
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CheckoutConfirmMutationDocument = graphql(`
  mutation CheckoutConfirm($input: OrderIdInput!) {
    checkoutConfirm(input: $input) {
      order {
        ...OrderDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CheckoutCancelMutationDocument = graphql(`
  mutation CheckoutCancel($input: OrderIdInput!) {
    checkoutCancel(input: $input) {
      order {
        ...OrderDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const useCheckoutStart = () => useCourseMutation(CheckoutStartMutationDocument, 'Order not placed');
export const useCheckoutConfirm = () =>
  useCourseMutation(CheckoutConfirmMutationDocument, 'Payment not completed');
export const useCheckoutCancel = () =>
  useCourseMutation(CheckoutCancelMutationDocument, 'Order not cancelled');
