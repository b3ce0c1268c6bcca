/**
 * The privacy module's front door (data export, account deletion): what other modules may use of it.
 * No other module calls it yet; the app mounts it through its module.ts.
 */
export { deletionRefusal } from './deletion-refusals';
