/**
 * The messaging module's front door: what other modules may use of it. The privacy module exports
 * and erases a member's conversations; the app mounts the rest through its module.ts.
 */
export { isParticipant } from './conversation-reads';
export { blocksBetween } from './messaging-rules';
export { eraseMessagingData, exportMessagingData } from './personal-data';
