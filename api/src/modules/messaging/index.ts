// The messaging module's front door: what other modules may use of it.
export { eraseMessagingData, exportMessagingData } from './personal-data';
