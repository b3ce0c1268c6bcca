/** The passkeys module's front door for other modules. */
export { userHasPasskey } from './passkeys.service';
