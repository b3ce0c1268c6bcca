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

/** The signed-in member's cart (polled every 3 s by the header, spec section 9). */
export const CartDocument = graphql(`
  query Cart {
    cart {
      itemCount
      subtotalCents
      items {
        ...CartLine_item
      }
    }
  }
`);

export const CartItemAddDocument = graphql(`
  mutation CartItemAdd($input: CartItemAddInput!) {
    cartItemAdd(input: $input) {
      cart {
        itemCount
        subtotalCents
        items {
          ...CartLine_item
        }
      }
      item {
        ...CartLine_item
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CartItemUpdateDocument = graphql(`
  mutation CartItemUpdate($input: CartItemUpdateInput!) {
    cartItemUpdate(input: $input) {
      cart {
        itemCount
        subtotalCents
        items {
          ...CartLine_item
        }
      }
      item {
        ...CartLine_item
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CartItemRemoveDocument = graphql(`
  mutation CartItemRemove($input: CartItemRemoveInput!) {
    cartItemRemove(input: $input) {
      cart {
        itemCount
        subtotalCents
        items {
          ...CartLine_item
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CartClearDocument = graphql(`
  mutation CartClear {
    cartClear {
      cart {
        itemCount
        subtotalCents
        items {
          ...CartLine_item
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
