import express from 'express';
import { defineModule } from '../../lib/define-module';
import { ProcessedWebhookEvent } from './processed-webhook-event.entity';
import { stripeWebhookRoute } from './stripe-webhook.route';

/** The payments module's contribution to the app (listed in `modules/index.ts`). */
export const paymentsModule = defineModule({
  name: 'payments',
  entities: [ProcessedWebhookEvent],
  restHandlersBeforeGuards: ({ router, createContext }) => {
    // Stripe signs the exact bytes it sends: raw body, before the JSON parser and the CSRF check.
    router.post(
      '/webhooks/stripe',
      express.raw({ type: '*/*', limit: '1mb' }),
      stripeWebhookRoute(createContext),
    );
  },
});
