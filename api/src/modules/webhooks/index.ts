// The webhooks module's front door: what other modules may use of it. Each module reports its own
// events (its `*-webhook-events.ts`, reading its own tables) through `emitWebhookEvent`.
export { hostRefusal, isLocalhostName } from './webhook-address';
export { emitWebhookEvent } from './webhook-emit';
export { publicOnlyDispatcher } from './webhook-http';
export { payloadCents, payloadTime } from './webhook-payload-values';
