// The webhooks module's front door: what other modules may use of it.
export { hostRefusal, isLocalhostName } from './webhook-address';
export {
  emitBookingEvent,
  emitCertificateIssued,
  emitEnrollmentEvent,
  emitOrderEvent,
  emitResourcePublished,
  emitSubscriptionUpdated,
} from './webhook-domain-events';
export { publicOnlyDispatcher } from './webhook-http';
