/**
 * Every GraphQL operation DRX sends to a store (Shopify's Admin and Storefront APIs). The built-in
 * demo store validates them against the same schemas (Storefront: Shopify's published introspection
 * in @shopify/hydrogen-react; Admin: dev/demo-store/src/admin-schema.graphql, a subset written from
 * Shopify's reference), so a misspelled field fails there as it would on Shopify.
 *
 * Query cost (Shopify refuses a query whose requested cost is over 1,000): one product of
 * DrxProductFields costs about 125 (a connection is 2 + first × one node), so the sync reads
 * products in pages of 5 (store-sync.ts). A variant's own image is not read: `media` under
 * `variants(first: 50)` multiplied the cost by 50; the product's images are enough for the shop.
 */

export const STOREFRONT_SHOP = /* GraphQL */ `
  query DrxStorefrontShop {
    shop {
      name
      paymentSettings {
        currencyCode
      }
      primaryDomain {
        host
      }
    }
  }
`;

export const STOREFRONT_CART_CREATE = /* GraphQL */ `
  mutation DrxCartCreate($input: CartInput!) {
    cartCreate(input: $input) {
      cart {
        id
        checkoutUrl
        totalQuantity
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

export const ADMIN_SHOP = /* GraphQL */ `
  query DrxAdminShop {
    shop {
      name
      currencyCode
      myshopifyDomain
    }
  }
`;

export const ADMIN_COLLECTIONS = /* GraphQL */ `
  query DrxCollections($first: Int!, $after: String) {
    collections(first: $first, after: $after, sortKey: TITLE) {
      nodes {
        id
        handle
        title
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment DrxProductFields on Product {
    id
    handle
    title
    descriptionHtml
    productType
    vendor
    tags
    status
    updatedAt
    totalInventory
    media(first: 6) {
      nodes {
        ... on MediaImage {
          image {
            url
            altText
            width
            height
          }
        }
      }
    }
    options {
      name
      optionValues {
        name
      }
    }
    priceRangeV2 {
      minVariantPrice {
        amount
        currencyCode
      }
      maxVariantPrice {
        amount
        currencyCode
      }
    }
    variants(first: 50) {
      nodes {
        id
        title
        sku
        price
        compareAtPrice
        availableForSale
        inventoryQuantity
        selectedOptions {
          name
          value
        }
      }
    }
    collections(first: 10) {
      nodes {
        id
      }
    }
  }
`;

export const ADMIN_PRODUCTS = /* GraphQL */ `
  ${PRODUCT_FIELDS}
  query DrxProducts($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      nodes {
        ...DrxProductFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const ADMIN_PRODUCT = /* GraphQL */ `
  ${PRODUCT_FIELDS}
  query DrxProduct($id: ID!) {
    product(id: $id) {
      ...DrxProductFields
    }
  }
`;

export const ADMIN_PRODUCT_SET = /* GraphQL */ `
  mutation DrxProductSet($input: ProductSetInput!) {
    productSet(input: $input, synchronous: true) {
      product {
        id
        variants(first: 1) {
          nodes {
            id
            sku
          }
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

export const ADMIN_PRODUCT_ARCHIVE = /* GraphQL */ `
  mutation DrxProductArchive($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const ADMIN_WEBHOOK_SUBSCRIPTIONS = /* GraphQL */ `
  query DrxWebhookSubscriptions($first: Int!) {
    webhookSubscriptions(first: $first) {
      nodes {
        id
        topic
        uri
      }
    }
  }
`;

export const ADMIN_WEBHOOK_SUBSCRIPTION_CREATE = /* GraphQL */ `
  mutation DrxWebhookSubscriptionCreate(
    $topic: WebhookSubscriptionTopic!
    $webhookSubscription: WebhookSubscriptionInput!
  ) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription {
        id
        topic
        uri
      }
      userErrors {
        field
        message
      }
    }
  }
`;
