/**
 * The messaging module's front door: what other modules may use of it. No other module calls it yet;
 * the app mounts it through its module.ts.
 */
export { blocksBetween } from './messaging-rules';
export { isParticipant } from './conversation-reads';
