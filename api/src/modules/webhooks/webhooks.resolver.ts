import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { DomainError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { deliverMessage } from './webhook-delivery';
import {
  createEndpoint,
  deleteEndpoint,
  endpointSecret,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './webhook-endpoints.service';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from './webhook-events';
import { findMessage, listAttempts, listMessages } from './webhook-log';
import {
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointCreateInput,
  WebhookEndpointCreatePayload,
  WebhookEndpointDeletePayload,
  WebhookEndpointIdInput,
  WebhookEndpointSecretRotatePayload,
  WebhookEndpointUpdateInput,
  WebhookEndpointUpdatePayload,
  WebhookEventTypeInfo,
  WebhookMessage,
  WebhookMessageConnection,
  WebhookMessageRedeliverInput,
  WebhookMessageRedeliverPayload,
} from './webhooks.types';

/** Outgoing webhooks, for admins (webhooks.permissions.ts). */
@Resolver(() => WebhookEndpoint)
export class WebhookEndpointsResolver {
  @Query(() => [WebhookEventTypeInfo], { description: 'The event types an endpoint can subscribe to.' })
  adminWebhookEventTypes(): WebhookEventTypeInfo[] {
    return WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENT_DESCRIPTIONS[type] }));
  }

  @Query(() => [WebhookEndpoint], { description: 'Every webhook endpoint, oldest first.' })
  adminWebhookEndpoints(@Ctx() ctx: Context): Promise<WebhookEndpoint[]> {
    return listEndpoints(ctx.em);
  }

  @Query(() => WebhookEndpoint, {
    nullable: true,
    description: 'One webhook endpoint; null when there is none with this id.',
  })
  adminWebhookEndpoint(
    @Arg('id', () => ID, { description: 'The endpoint’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpoint | null> {
    return findEndpoint(ctx.em, id);
  }

  @Query(() => String, {
    nullable: true,
    description:
      'The signing secret (whsec_…) of an endpoint, to verify its signatures; null when there is no such endpoint.',
  })
  adminWebhookEndpointSecret(
    @Arg('id', () => ID, { description: 'The endpoint’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<string | null> {
    return endpointSecret(ctx.em, id);
  }

  @Query(() => WebhookMessage, {
    nullable: true,
    description: 'One webhook message; null when there is none with this id.',
  })
  adminWebhookMessage(
    @Arg('id', () => ID, { description: 'The message id (msg_…).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<WebhookMessage | null> {
    return findMessage(ctx.em, id);
  }

  @FieldResolver(() => WebhookMessageConnection, {
    description: 'The delivery log: its messages, newest first, optionally of one status.',
  })
  deliveries(
    @Root() endpoint: WebhookEndpoint,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('status', () => String, {
      nullable: true,
      description:
        'Only messages of this status: pending, succeeded or failed (another value is refused). Null: all.',
    })
    status?: string,
  ): Promise<WebhookMessageConnection> {
    return listMessages(ctx.em, endpoint.id, pageSize(first), after, status);
  }

  @Mutation(() => WebhookEndpointCreatePayload, {
    description:
      'Registers a webhook endpoint with a new signing secret, returned once in the payload. Errors: INVALID_INPUT (a bad or unreachable URL, no event or an unknown one, a description over 500 characters).',
  })
  webhookEndpointCreate(
    @Arg('input', { description: 'The URL, events and note.' }) input: WebhookEndpointCreateInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointCreatePayload> {
    return payload<{ endpoint: WebhookEndpoint | null; secret: string | null }>(
      () => createEndpoint(ctx.em, ctx.viewer!.id, input, ctx.config),
      { endpoint: null, secret: null },
    );
  }

  @Mutation(() => WebhookEndpointUpdatePayload, {
    description:
      'Changes an endpoint’s URL, note or events, or switches it on (its pending messages resume) or off. Errors: INVALID_INPUT (as for webhookEndpointCreate), NOT_FOUND.',
  })
  async webhookEndpointUpdate(
    @Arg('input', { description: 'Which endpoint and what to change.' }) input: WebhookEndpointUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointUpdatePayload> {
    const actor = ctx.user?.username ?? 'an admin';
    return payload<{ endpoint: WebhookEndpoint | null }>(
      async () => ({ endpoint: await updateEndpoint(ctx.em, actor, input, ctx.config) }),
      {
        endpoint: null,
      },
    );
  }

  @Mutation(() => WebhookEndpointDeletePayload, {
    description:
      'Deletes an endpoint with its delivery log; its pending messages are never sent. Errors: NOT_FOUND.',
  })
  webhookEndpointDelete(
    @Arg('input', { description: 'Which endpoint.' }) input: WebhookEndpointIdInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointDeletePayload> {
    return payload<{ deletedId: string | null }>(
      async () => ({ deletedId: await deleteEndpoint(ctx.em, input.id) }),
      {
        deletedId: null,
      },
    );
  }

  @Mutation(() => WebhookEndpointSecretRotatePayload, {
    description:
      'Gives an endpoint a new signing secret, used from the next attempt on (the old one stops at once). Errors: NOT_FOUND.',
  })
  webhookEndpointSecretRotate(
    @Arg('input', { description: 'Which endpoint.' }) input: WebhookEndpointIdInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointSecretRotatePayload> {
    return payload<{ endpoint: WebhookEndpoint | null; secret: string | null }>(
      () => rotateSecret(ctx.em, input.id),
      {
        endpoint: null,
        secret: null,
      },
    );
  }

  @Mutation(() => WebhookMessageRedeliverPayload, {
    description:
      'Sends a message again now, whatever its state (also a failed one, or to a switched-off endpoint), and waits for the answer (up to 10 s). A success marks it succeeded (a pending one’s successors follow); a failure is logged and changes nothing else. Errors: NOT_FOUND.',
  })
  webhookMessageRedeliver(
    @Arg('input', { description: 'Which message.' }) input: WebhookMessageRedeliverInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookMessageRedeliverPayload> {
    return payload<{ message: WebhookMessage | null; attempt: WebhookAttempt | null }>(
      async () => {
        const message = await findMessage(ctx.em, input.messageId);
        if (!message) throw new DomainError('NOT_FOUND', 'No webhook message with this id', 'messageId');
        const outcome = await deliverMessage(ctx.em, message.id, ctx.config, true);
        const attempts = await listAttempts(ctx.em, message.id);
        return {
          message: await findMessage(ctx.em, message.id),
          attempt: attempts.find((a) => a.id === outcome?.attemptId) ?? null,
        };
      },
      { message: null, attempt: null },
    );
  }
}

@Resolver(() => WebhookMessage)
export class WebhookMessagesResolver {
  @FieldResolver(() => [WebhookAttempt], { description: 'Its delivery attempts, oldest first.' })
  attempts(@Root() message: WebhookMessage, @Ctx() ctx: Context): Promise<WebhookAttempt[]> {
    return listAttempts(ctx.em, message.id);
  }
}

export const webhooksResolvers = [WebhookEndpointsResolver, WebhookMessagesResolver] as const;
