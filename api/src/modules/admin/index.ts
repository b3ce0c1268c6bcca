/**
 * The admin module's front door: what other modules may use of it. No other module calls it yet;
 * the app mounts it through its module.ts.
 */
export { primaryRole } from './admin-users.service';
