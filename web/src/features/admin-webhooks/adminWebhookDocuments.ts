import { graphql } from '../../gql';

export const AdminWebhookEndpointsQueryDocument = graphql(`
  query AdminWebhookEndpoints {
    adminWebhookEndpoints {
      ...WebhookEndpointFields
    }
    adminWebhookEventTypes {
      type
      description
    }
  }
`);

export const WebhookEndpointFieldsFragmentDocument = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    description
    events
    enabled
    disabledAt
    disabledReason
    lastSuccessAt
    pendingCount
    failedCount
    createdAt
  }
`);

export const AdminWebhookEndpointQueryDocument = graphql(`
  query AdminWebhookEndpoint($id: ID!, $first: Int, $after: String, $status: String) {
    adminWebhookEndpoint(id: $id) {
      ...WebhookEndpointFields
      deliveries(first: $first, after: $after, status: $status) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...WebhookMessageFields
        }
      }
    }
    adminWebhookEventTypes {
      type
      description
    }
  }
`);

export const WebhookMessageFieldsFragmentDocument = graphql(`
  fragment WebhookMessageFields on WebhookMessage {
    id
    eventType
    subject
    payload
    status
    attemptCount
    nextAttemptAt
    lastAttemptAt
    lastResponseStatus
    lastDurationMs
    lastError
    createdAt
    deliveredAt
    attempts {
      id
      trigger
      url
      requestHeaders
      requestBody
      responseStatus
      responseBody
      succeeded
      error
      durationMs
      startedAt
    }
  }
`);

export const AdminWebhookEndpointSecretQueryDocument = graphql(`
  query AdminWebhookEndpointSecret($id: ID!) {
    adminWebhookEndpointSecret(id: $id)
  }
`);

export const WebhookEndpointCreateMutationDocument = graphql(`
  mutation WebhookEndpointCreate($input: WebhookEndpointCreateInput!) {
    webhookEndpointCreate(input: $input) {
      endpoint {
        ...WebhookEndpointFields
      }
      secret
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const WebhookEndpointUpdateMutationDocument = graphql(`
  mutation WebhookEndpointUpdate($input: WebhookEndpointUpdateInput!) {
    webhookEndpointUpdate(input: $input) {
      endpoint {
        ...WebhookEndpointFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const WebhookEndpointDeleteMutationDocument = graphql(`
  mutation WebhookEndpointDelete($input: WebhookEndpointIdInput!) {
    webhookEndpointDelete(input: $input) {
      deletedId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const WebhookEndpointSecretRotateMutationDocument = graphql(`
  mutation WebhookEndpointSecretRotate($input: WebhookEndpointIdInput!) {
    webhookEndpointSecretRotate(input: $input) {
      secret
      endpoint {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const WebhookMessageRedeliverMutationDocument = graphql(`
  mutation WebhookMessageRedeliver($input: WebhookMessageRedeliverInput!) {
    webhookMessageRedeliver(input: $input) {
      message {
        ...WebhookMessageFields
      }
      attempt {
        succeeded
        responseStatus
        error
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
