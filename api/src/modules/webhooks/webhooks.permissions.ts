import { isAdmin } from '../../graphql/rules';

/** Webhooks carry every member's orders and bookings, and their secrets sign them: admins only. */
export const webhooksPermissions = {
  Query: {
    adminWebhookEventTypes: isAdmin,
    adminWebhookEndpoints: isAdmin,
    adminWebhookEndpoint: isAdmin,
    adminWebhookEndpointSecret: isAdmin,
    adminWebhookMessage: isAdmin,
  },
  Mutation: {
    webhookEndpointCreate: isAdmin,
    webhookEndpointUpdate: isAdmin,
    webhookEndpointDelete: isAdmin,
    webhookEndpointSecretRotate: isAdmin,
    webhookMessageRedeliver: isAdmin,
  },
  WebhookEventTypeInfo: isAdmin,
  WebhookEndpoint: isAdmin,
  WebhookMessage: isAdmin,
  WebhookMessageConnection: isAdmin,
  WebhookMessageEdge: isAdmin,
  WebhookAttempt: isAdmin,
  WebhookEndpointCreatePayload: isAdmin,
  WebhookEndpointUpdatePayload: isAdmin,
  WebhookEndpointDeletePayload: isAdmin,
  WebhookEndpointSecretRotatePayload: isAdmin,
  WebhookMessageRedeliverPayload: isAdmin,
};
