import { graphql } from '../../gql';

/** What a product card shows in the shop's grid and on the home page. */
graphql(`
  fragment ShopProductCard on ShopProduct {
    id
    handle
    title
    productType
    danceStyles
    available
    featured
    images {
      url
      altText
      width
      height
    }
    minPrice {
      amount
      currencyCode
    }
    maxPrice {
      amount
      currencyCode
    }
  }
`);

/** One variant with what the picker and the bag need. */
graphql(`
  fragment ShopVariantDetails on ShopVariant {
    id
    title
    sku
    available
    quantityAvailable
    imageUrl
    price {
      amount
      currencyCode
    }
    compareAtPrice {
      amount
      currencyCode
    }
    selectedOptions {
      name
      value
    }
  }
`);

/** A product's page: gallery, description, options and variants. */
graphql(`
  fragment ShopProductDetails on ShopProduct {
    ...ShopProductCard
    descriptionHtml
    vendor
    ageGroups
    skillLevels
    totalInventory
    options {
      name
      values
    }
    variants {
      ...ShopVariantDetails
    }
  }
`);

/** A bag (a member's, or a guest's priced by the server) with its lines and subtotal. */
graphql(`
  fragment ShopBagDetails on ShopBag {
    totalQuantity
    subtotal {
      amount
      currencyCode
    }
    lines {
      variantId
      quantity
      problem
      lineTotal {
        amount
        currencyCode
      }
      product {
        id
        handle
        title
        images {
          url
          altText
        }
      }
      variant {
        ...ShopVariantDetails
      }
    }
  }
`);

/** Whether the shop is on, a demo store, and reachable (the notice to show when it is not). */
export const ShopStatusQueryDocument = graphql(`
  query ShopStatus {
    shopStatus {
      enabled
      demo
      shopName
      currencyCode
      storeReachable
      notice
      lastSyncAt
    }
  }
`);

/** The values the shop's filters offer. */
export const ShopFacetsQueryDocument = graphql(`
  query ShopFacets {
    shopFacets {
      danceStyles
      productTypes
      minPrice
      maxPrice
    }
  }
`);

/** A page of the shop's products under the chosen search, filters and sort. */
export const ShopProductsQueryDocument = graphql(`
  query ShopProducts(
    $first: Int
    $after: String
    $search: String
    $danceStyle: String
    $productType: String
    $minPrice: Float
    $maxPrice: Float
    $featured: Boolean
    $sort: ShopProductSort
  ) {
    shopProducts(
      first: $first
      after: $after
      search: $search
      danceStyle: $danceStyle
      productType: $productType
      minPrice: $minPrice
      maxPrice: $maxPrice
      featured: $featured
      sort: $sort
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ShopProductCard
      }
    }
  }
`);

/** One product by its handle (null when unknown or hidden). */
export const ShopProductQueryDocument = graphql(`
  query ShopProduct($handle: String!) {
    shopProduct(handle: $handle) {
      ...ShopProductDetails
    }
  }
`);

/** The signed-in member's bag. */
export const ShopBagQueryDocument = graphql(`
  query ShopBag {
    shopBag {
      ...ShopBagDetails
    }
  }
`);

/** A guest's bag (kept in the browser) priced by the server. */
export const ShopBagPreviewQueryDocument = graphql(`
  query ShopBagPreview($lines: [ShopBagLineInput!]!) {
    shopBagPreview(lines: $lines) {
      ...ShopBagDetails
    }
  }
`);

export const ShopBagAddDocument = graphql(`
  mutation ShopBagAdd($input: ShopBagLineInput!) {
    shopBagAdd(input: $input) {
      bag {
        ...ShopBagDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ShopBagUpdateDocument = graphql(`
  mutation ShopBagUpdate($input: ShopBagLineInput!) {
    shopBagUpdate(input: $input) {
      bag {
        ...ShopBagDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ShopBagRemoveDocument = graphql(`
  mutation ShopBagRemove($variantId: ID!) {
    shopBagRemove(variantId: $variantId) {
      bag {
        ...ShopBagDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Moves a guest's bag into the member's at sign-in. */
export const ShopBagMergeDocument = graphql(`
  mutation ShopBagMerge($lines: [ShopBagLineInput!]!) {
    shopBagMerge(lines: $lines) {
      bag {
        ...ShopBagDetails
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Turns the bag into a store cart and answers its checkout URL. */
export const ShopCheckoutDocument = graphql(`
  mutation ShopCheckout($input: ShopCheckoutInput!) {
    shopCheckout(input: $input) {
      checkoutUrl
      userErrors {
        code
        field
        message
      }
    }
  }
`);
