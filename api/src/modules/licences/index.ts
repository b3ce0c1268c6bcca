// The licences module's front door: what other modules may use of it.
export { licenceLabel } from './licence-label';
