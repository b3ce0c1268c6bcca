import { graphql } from '../../gql';

/** A cart line as every cart view shows it. */
export const CartLineFragment = graphql(`
  fragment CartLine_item on CartItem {
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
`);

/**
 * The cart's count, subtotal, my membership's discount and lines, as the cart query and every cart
 * mutation return it (one query: the page's discount comes with the cart).
 */
export const CartSummaryFragment = graphql(`
  fragment CartSummary_cart on Cart {
    itemCount
    subtotalCents
    memberDiscountPercent
    memberDiscountCents
    items {
      ...CartLine_item
    }
  }
`);

/** What every cart mutation answers: the cart after the change, or why it was refused. */
export const CartPayloadFragment = graphql(`
  fragment CartPayload_fields on CartPayload {
    cart {
      ...CartSummary_cart
    }
    userErrors {
      code
      field
      message
    }
  }
`);

/** The signed-in member's cart (polled every 3 s by the header, spec section 9). */
export const CartDocument = graphql(`
  query Cart {
    cart {
      ...CartSummary_cart
    }
  }
`);

export const CartItemAddDocument = graphql(`
  mutation CartItemAdd($input: CartItemAddInput!) {
    cartItemAdd(input: $input) {
      item {
        ...CartLine_item
      }
      ...CartPayload_fields
    }
  }
`);

export const CartItemUpdateDocument = graphql(`
  mutation CartItemUpdate($input: CartItemUpdateInput!) {
    cartItemUpdate(input: $input) {
      item {
        ...CartLine_item
      }
      ...CartPayload_fields
    }
  }
`);

export const CartItemRemoveDocument = graphql(`
  mutation CartItemRemove($input: CartItemRemoveInput!) {
    cartItemRemove(input: $input) {
      ...CartPayload_fields
    }
  }
`);

export const CartClearDocument = graphql(`
  mutation CartClear {
    cartClear {
      ...CartPayload_fields
    }
  }
`);
