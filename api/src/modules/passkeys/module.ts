import { defineModule } from '../../lib/define-module';
import { registerPasskeyHooks } from '../account';
import { provenAccount } from './account-proof';
import { passkeysPermissions } from './passkeys.permissions';
import { PasskeysResolver } from './passkeys.resolver';
import { relyingPartyOf, userHasPasskey } from './passkeys.service';

// The account module (which this one depends on) asks whether an account has a passkey (the two-step
// requirement) and for the proof of an email change through these.
registerPasskeyHooks({
  userHasPasskey,
  provenAccount: (em, who, proof, publicUrl) => provenAccount(em, who, proof, relyingPartyOf(publicUrl)),
});

/**
 * The passkeys module's contribution to the app (listed in `modules/index.ts`). Other modules use
 * `index.ts`, which does not re-export this: it would load the resolver into their imports (cycles).
 */
export const passkeysModule = defineModule({
  name: 'passkeys',
  resolvers: [PasskeysResolver],
  permissions: [passkeysPermissions],
});
