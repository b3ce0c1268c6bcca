import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';

const EVENTS = WEBHOOK_EVENT_TYPES.join(', ');

@ObjectType({ description: 'An event type an endpoint can subscribe to.' })
export class WebhookEventTypeInfo {
  @Field({ description: `The event type, e.g. order.paid (one of: ${EVENTS}).` })
  type!: string;

  @Field({ description: 'When it is sent, and its subject.' })
  description!: string;
}

@ObjectType({
  description:
    'One delivery attempt of a webhook message: the request as sent and the answer (status, the first 2 KB of the body, timing) or why none came.',
})
export class WebhookAttempt {
  @Field(() => ID, { description: 'The attempt’s id.' })
  id!: string;

  @Field({ description: 'automatic (the retry schedule) or manual (an admin’s redelivery).' })
  trigger!: string;

  @Field({ description: 'The URL it was sent to (the endpoint’s URL at the time).' })
  url!: string;

  @Field({
    description:
      'The request headers as a JSON object: content-type, user-agent, webhook-id, webhook-timestamp, webhook-signature.',
  })
  requestHeaders!: string;

  @Field({ description: 'The exact request body (JSON: type, timestamp, data).' })
  requestBody!: string;

  @Field(() => Int, { nullable: true, description: 'The answer’s HTTP status; null when no answer came.' })
  responseStatus!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The start of the answer’s body (at most 2048 characters); null when no answer came.',
  })
  responseBody!: string | null;

  @Field({ description: 'True when the answer was a 2xx status.' })
  succeeded!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'Why it failed: the HTTP status, a redirect not followed, a timeout, a refused address…; null when it succeeded.',
  })
  error!: string | null;

  @Field(() => Int, { description: 'How long the exchange took, in milliseconds.' })
  durationMs!: number;

  @Field({ description: 'When it started.' })
  startedAt!: Date;
}

@ObjectType({
  description:
    'One event sent (or to be sent) to one endpoint: its payload, delivery state and attempts. Its id is the `webhook-id` header.',
})
export class WebhookMessage {
  @Field(() => ID, {
    description: 'The message id (msg_…), sent as the webhook-id header; receivers deduplicate by it.',
  })
  id!: string;

  @Field({ description: `The event type (one of: ${EVENTS}).` })
  eventType!: string;

  @Field({
    description:
      'What the event is about, e.g. order:<id>; an endpoint gets one subject’s messages in order.',
  })
  subject!: string;

  @Field({ description: 'The payload as JSON: { type, timestamp, data }.' })
  payload!: string;

  @Field({
    description:
      'pending (waiting for its turn or its next attempt), succeeded (a 2xx answer) or failed (every attempt of the retry schedule failed).',
  })
  status!: string;

  @Field(() => Int, { description: 'How many attempts were made, manual ones included.' })
  attemptCount!: number;

  @Field(() => Date, {
    nullable: true,
    description:
      'When the next automatic attempt is due (pending only; it may wait for an older message of its subject).',
  })
  nextAttemptAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the last attempt was made; null before the first.',
  })
  lastAttemptAt!: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The HTTP status of the last attempt; null when none or no answer.',
  })
  lastResponseStatus!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'How long the last attempt took (ms); null before the first.',
  })
  lastDurationMs!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last attempt failed; null when it succeeded or none was made.',
  })
  lastError!: string | null;

  @Field({ description: 'When the event happened and the message was made.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When an attempt succeeded; null until one does.' })
  deliveredAt!: Date | null;

  endpointId!: string;
}

@ObjectType()
export class WebhookMessageConnection extends Connection(WebhookMessage, 'WebhookMessage') {}

@ObjectType({ description: 'An address DRX sends signed webhook events to (Standard Webhooks).' })
export class WebhookEndpoint {
  @Field(() => ID, { description: 'The endpoint’s id.' })
  id!: string;

  @Field({ description: 'The URL events are POSTed to.' })
  url!: string;

  @Field({ description: 'The admins’ note about it (up to 500 characters; may be empty).' })
  description!: string;

  @Field(() => [String], { description: `The event types it receives (of: ${EVENTS}).` })
  events!: string[];

  @Field({
    description:
      'False when switched off (by an admin, or after repeated failure): no new messages are made for it.',
  })
  enabled!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was switched off; null while enabled.' })
  disabledAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Why it was switched off (an admin, or the failure that switched it off); null while enabled.',
  })
  disabledReason!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When a delivery to it last succeeded; null if none has.',
  })
  lastSuccessAt!: Date | null;

  @Field(() => Int, { description: 'How many of its messages are pending.' })
  pendingCount!: number;

  @Field(() => Int, { description: 'How many of its messages failed (all attempts used).' })
  failedCount!: number;

  @Field({ description: 'When it was registered.' })
  createdAt!: Date;

  @Field({ description: 'When it was last changed.' })
  updatedAt!: Date;
}

@InputType({ description: 'A new webhook endpoint.' })
export class WebhookEndpointCreateInput {
  @Field({
    description:
      'Where to POST events: http(s), no user name or password; https in production; a public address unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS is on.',
  })
  url!: string;

  @Field(() => String, { nullable: true, description: 'A note for admins (up to 500 characters).' })
  description?: string | null;

  @Field(() => [String], { description: `The event types to send, at least one (of: ${EVENTS}).` })
  events!: string[];

  @Field(() => Boolean, { nullable: true, description: 'Start switched on (default true).' })
  enabled?: boolean | null;
}

@InputType({ description: 'Changes to a webhook endpoint; a field left out (or null) stays as it is.' })
export class WebhookEndpointUpdateInput {
  @Field(() => ID, { description: 'The endpoint’s id.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'A new URL (checked as at creation).' })
  url?: string | null;

  @Field(() => String, { nullable: true, description: 'A new note (empty to clear it).' })
  description?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: `The new list of event types, at least one (of: ${EVENTS}).`,
  })
  events?: string[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Switch it on (its pending messages resume, in order) or off (they wait).',
  })
  enabled?: boolean | null;
}

@InputType({ description: 'Which endpoint.' })
export class WebhookEndpointIdInput {
  @Field(() => ID, { description: 'The endpoint’s id.' })
  id!: string;
}

@InputType({ description: 'Which message to send again.' })
export class WebhookMessageRedeliverInput {
  @Field(() => ID, { description: 'The message id (msg_…).' })
  messageId!: string;
}

@ObjectType({ description: 'The result of registering a webhook endpoint.' })
export class WebhookEndpointCreatePayload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The new endpoint; null when it failed.' })
  endpoint!: WebhookEndpoint | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Its signing secret (whsec_…), returned here once; admins can reveal it later. Null when it failed.',
  })
  secret!: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of changing a webhook endpoint.' })
export class WebhookEndpointUpdatePayload {
  @Field(() => WebhookEndpoint, {
    nullable: true,
    description: 'The endpoint as it is now; null when it failed.',
  })
  endpoint!: WebhookEndpoint | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of deleting a webhook endpoint.' })
export class WebhookEndpointDeletePayload {
  @Field(() => ID, { nullable: true, description: 'The deleted endpoint’s id; null when it failed.' })
  deletedId!: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of giving an endpoint a new secret.' })
export class WebhookEndpointSecretRotatePayload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint; null when it failed.' })
  endpoint!: WebhookEndpoint | null;

  @Field(() => String, { nullable: true, description: 'The new secret (whsec_…); null when it failed.' })
  secret!: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of sending a message again.' })
export class WebhookMessageRedeliverPayload {
  @Field(() => WebhookMessage, {
    nullable: true,
    description: 'The message after the attempt; null when it failed.',
  })
  message!: WebhookMessage | null;

  @Field(() => WebhookAttempt, {
    nullable: true,
    description: 'The attempt just made; null when none was made.',
  })
  attempt!: WebhookAttempt | null;

  @Field(() => [UserError], {
    description: 'Why no attempt was made; empty when one was (whatever its answer).',
  })
  userErrors!: UserError[];
}
