/**
 * The events an endpoint can subscribe to. The migration's check constraint repeats this list
 * (Migration20261130000100_webhooks): add a type in both places.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'enrollment.created',
  'enrollment.completed',
  'certificate.issued',
  'resource.published',
  'booking.created',
  'booking.cancelled',
  'subscription.updated',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, for the graph's descriptions and the admin form. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'order.paid': 'An order was paid and its items delivered (subject order:<id>).',
  'order.refunded': 'An order was refunded, in full or in part (subject order:<id>).',
  'enrollment.created':
    'A member got access to a course: bought, free, granted or from the store (subject enrollment:<id>).',
  'enrollment.completed': 'A member completed every step of a course (subject enrollment:<id>).',
  'certificate.issued': 'A course certificate was issued or reissued (subject certificate:<id>).',
  'resource.published':
    'A curriculum resource went on sale: published by its seller or approved by staff (subject resource:<id>).',
  'booking.created':
    'A booking was made: confirmed, or requested when the session needs approval; a paid one once paid (subject booking:<id>).',
  'booking.cancelled': 'A booking was cancelled or its request declined (subject booking:<id>).',
  'subscription.updated':
    'A membership subscription started, renewed, changed plan, failed a payment, was scheduled to end or ended (subject subscription:<id>).',
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
