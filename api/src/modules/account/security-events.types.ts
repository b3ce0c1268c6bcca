import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';

export enum SecurityEventKindValue {
  PASSWORD_RESET = 'password_reset',
  PASSWORD_CHANGED = 'password_changed',
  EMAIL_CHANGED = 'email_changed',
  EMAIL_VERIFIED = 'email_verified',
  SESSION_ENDED = 'session_ended',
  OTHER_SESSIONS_ENDED = 'other_sessions_ended',
  ACCOUNT_DELETED = 'account_deleted',
  IDENTITY_LINKED = 'identity_linked',
  IDENTITY_UNLINKED = 'identity_unlinked',
  PASSKEY_ADDED = 'passkey_added',
  PASSKEY_REMOVED = 'passkey_removed',
  TWO_STEP_ENABLED = 'two_step_enabled',
  TWO_STEP_DISABLED = 'two_step_disabled',
  RECOVERY_CODES_REGENERATED = 'recovery_codes_regenerated',
  RECOVERY_CODE_USED = 'recovery_code_used',
}

registerEnumType(SecurityEventKindValue, {
  name: 'SecurityEventKind',
  description: 'What changed on an account’s security.',
  valuesConfig: {
    PASSWORD_RESET: { description: 'A new password was set with a mailed reset link.' },
    PASSWORD_CHANGED: { description: 'The password was changed from the profile (the current one given).' },
    EMAIL_CHANGED: { description: 'The email address was changed (`detail`: from and to).' },
    EMAIL_VERIFIED: { description: 'The email address was proven (a mailed link opened).' },
    SESSION_ENDED: { description: 'One other session was signed out from the sessions list.' },
    OTHER_SESSIONS_ENDED: { description: 'Every other session was signed out (`detail`: how many).' },
    ACCOUNT_DELETED: {
      description: 'The owner deleted the account (it is anonymised; no address or browser kept).',
    },
    IDENTITY_LINKED: {
      description:
        'An identity provider sign-in was linked to the account (`detail`: the provider and email).',
    },
    IDENTITY_UNLINKED: { description: 'An identity provider sign-in was unlinked (`detail`: the provider).' },
    PASSKEY_ADDED: { description: 'A passkey was added to the account (`detail`: its name).' },
    PASSKEY_REMOVED: { description: 'A passkey was removed from the account (`detail`: its name).' },
    TWO_STEP_ENABLED: { description: 'Two-step sign-in (an authenticator app) was turned on.' },
    TWO_STEP_DISABLED: { description: 'Two-step sign-in was turned off (a current code given).' },
    RECOVERY_CODES_REGENERATED: {
      description: 'New two-step recovery codes were made (a current code given).',
    },
    RECOVERY_CODE_USED: { description: 'A two-step recovery code was used to sign in.' },
  },
});

@ObjectType({ description: 'A change to an account’s security, as the audit log keeps it.' })
export class SecurityEvent {
  @Field(() => ID, { description: 'The event’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The account it happened to.' })
  userId!: string;

  @Field({ description: 'That account’s username.' })
  username!: string;

  @Field(() => SecurityEventKindValue, { description: 'What happened.' })
  kind!: SecurityEventKindValue;

  @Field(() => String, { nullable: true, description: 'The client address of the request that did it.' })
  ip?: string | null;

  @Field(() => String, { nullable: true, description: 'The browser (User-Agent) of that request.' })
  userAgent?: string | null;

  @Field(() => String, { nullable: true, description: 'More about it (e.g. the old and new address).' })
  detail?: string | null;

  @Field({ description: 'When it happened.' })
  createdAt!: Date;
}

@ObjectType()
export class SecurityEventConnection extends Connection(SecurityEvent, 'SecurityEvent') {}
