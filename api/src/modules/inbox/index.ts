// The inbox module's front door: what other modules may use of it.
export { fileMessageReport } from './inbox-reports';
export { eraseInboxData } from './personal-data';
export { registerReportedMessagesSql } from './reported-messages';
