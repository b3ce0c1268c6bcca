import { graphql } from '../../gql';

graphql(`
  fragment AdminStoreConnection on StoreConfiguration {
    status
    demo
    provider
    shopDomain
    apiVersion
    hasStorefrontToken
    hasAdminToken
    hasWebhookSecret
    clientId
    hasClientSecret
    collectionIds
    shopName
    currencyCode
    connectedAt
    updatedAt
    updatedByName
    lastSyncStartedAt
    lastSyncFinishedAt
    lastSyncError
    webhookUrl
    demoAvailable
    events(first: 20) {
      id
      at
      actorName
      action
      summary
    }
  }
`);

export const AdminStoreConnectionQueryDocument = graphql(`
  query AdminStoreConnection {
    storeConnection {
      ...AdminStoreConnection
    }
  }
`);

export const AdminStoreCollectionsQueryDocument = graphql(`
  query AdminStoreCollections {
    storeCollections {
      id
      handle
      title
      selected
    }
  }
`);

export const StoreConnectMutationDocument = graphql(`
  mutation StoreConnect($input: StoreConnectInput!) {
    storeConnect(input: $input) {
      connection {
        ...AdminStoreConnection
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StoreConnectDemoMutationDocument = graphql(`
  mutation StoreConnectDemo {
    storeConnectDemo {
      connection {
        ...AdminStoreConnection
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StoreTestConnectionMutationDocument = graphql(`
  mutation StoreTestConnection($input: StoreConnectInput) {
    storeTestConnection(input: $input) {
      shopName
      currencyCode
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StoreSetCollectionsMutationDocument = graphql(`
  mutation StoreSetCollections($collectionIds: [String!]!) {
    storeSetCollections(collectionIds: $collectionIds) {
      connection {
        ...AdminStoreConnection
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StoreDisconnectMutationDocument = graphql(`
  mutation StoreDisconnect {
    storeDisconnect {
      connection {
        ...AdminStoreConnection
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

graphql(`
  fragment AdminStoreProductRow on AdminStoreProduct {
    visible
    storeTags
    tagsEdited
    storeStatus
    removed
    syncedAt
    syncError
    storeUpdatedAt
    product {
      id
      handle
      title
      productType
      vendor
      danceStyles
      ageGroups
      skillLevels
      featured
      available
      totalInventory
      minPrice {
        amount
        currencyCode
      }
      maxPrice {
        amount
        currencyCode
      }
      images {
        url
        altText
      }
    }
  }
`);

export const AdminStoreProductsQueryDocument = graphql(`
  query AdminStoreProducts(
    $first: Int
    $after: String
    $search: String
    $visibility: StoreProductVisibility
  ) {
    adminStoreProducts(first: $first, after: $after, search: $search, visibility: $visibility) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminStoreProductRow
      }
    }
  }
`);

export const StoreTagOptionsQueryDocument = graphql(`
  query StoreTagOptions {
    danceStyles {
      id
      name
    }
    referenceLists {
      ageGroups
      skillLevels
    }
  }
`);

export const StoreProductUpdateMutationDocument = graphql(`
  mutation StoreProductUpdate($input: StoreProductUpdateInput!) {
    storeProductUpdate(input: $input) {
      product {
        ...AdminStoreProductRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StoreSyncStatusQueryDocument = graphql(`
  query StoreSyncStatus {
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

export const StoreSyncNowMutationDocument = graphql(`
  mutation StoreSyncNow($full: Boolean) {
    storeSyncNow(full: $full) {
      queued
      userErrors {
        code
        field
        message
      }
    }
  }
`);

graphql(`
  fragment StorePublishedItemRow on StorePublishedItem {
    itemType
    itemId
    title
    sku
    status
    storeProductId
    priceCents
    publishedAt
    pushedAt
    pushError
  }
`);

export const StorePublishedItemsQueryDocument = graphql(`
  query StorePublishedItems {
    storePublishedItems {
      ...StorePublishedItemRow
    }
  }
`);

export const StorePublishCandidatesQueryDocument = graphql(`
  query StorePublishCandidates($search: String) {
    adminCourses(first: 50, published: true, search: $search) {
      nodes {
        id
        title
        priceCents
        memberOnly
      }
    }
    adminResources(first: 50, status: "published", search: $search) {
      nodes {
        id
        title
        priceCents
      }
    }
  }
`);

export const StorePublishItemMutationDocument = graphql(`
  mutation StorePublishItem($input: StorePublishItemInput!) {
    storePublishItem(input: $input) {
      item {
        ...StorePublishedItemRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const StoreUnpublishItemMutationDocument = graphql(`
  mutation StoreUnpublishItem($input: StorePublishItemInput!) {
    storeUnpublishItem(input: $input) {
      item {
        ...StorePublishedItemRow
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

graphql(`
  fragment AdminStoreOrderRow on StoreOrder {
    id
    name
    email
    customerName
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
      drxItemType
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

export const AdminStoreOrdersQueryDocument = graphql(`
  query AdminStoreOrders($first: Int, $after: String) {
    storeOrders(first: $first, after: $after, all: true) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...AdminStoreOrderRow
      }
    }
  }
`);
