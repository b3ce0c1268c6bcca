/**
 * The assignments module's front door: what other modules may use of it (the certificates module
 * asks whether assignments still wait before issuing).
 */
export { assignmentsNotPassed, assignmentsWaitingMessage } from './certificate-gate';
export { eraseAssignmentsData } from './personal-data';
