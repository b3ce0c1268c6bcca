import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

@ObjectType({
  description: 'A passkey of mine: a WebAuthn credential that signs in to my account without the password.',
})
export class Passkey {
  @Field(() => ID, { description: 'The passkey’s id (not the credential’s id).' })
  id!: string;

  @Field({
    description:
      'Its name, as given or as named when added (e.g. its provider, or the browser it was added on).',
  })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description:
      '`singleDevice` (kept on one device) or `multiDevice` (synced, e.g. by a password manager), as the authenticator said.',
  })
  deviceType?: string | null;

  @Field({ description: 'Whether the authenticator said it is backed up (synced).' })
  backedUp!: boolean;

  @Field(() => [String], {
    description: 'How the browser can reach it (`internal`, `hybrid`, `usb` …), as the browser said.',
  })
  transports!: string[];

  @Field({ description: 'When it was added.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it last signed in; null: never yet.' })
  lastUsedAt?: Date | null;
}

@InputType({ description: 'Asks to add a passkey.' })
export class PasskeyRegistrationOptionsInput {
  @Field(() => String, {
    nullable: true,
    description:
      'My password: needed when this session began more than 10 minutes ago (otherwise it may be left out).',
  })
  currentPassword?: string | null;
}

@InputType({ description: 'The browser’s answer to the options of `passkeyRegistrationOptions`.' })
export class PasskeyAddInput {
  @Field({
    description:
      'The JSON (as text) of the credential the browser created: `startRegistration()`’s result in @simplewebauthn/browser (a RegistrationResponseJSON).',
  })
  response!: string;

  @Field(() => String, {
    nullable: true,
    description: 'A name for it (1 to 60 characters); left out: named after its provider or this browser.',
  })
  name?: string | null;
}

@InputType({ description: 'A new name for one of my passkeys.' })
export class PasskeyRenameInput {
  @Field(() => ID, { description: 'The passkey’s `id`.' })
  id!: string;

  @Field({ description: '1 to 60 characters (spaces around it are dropped).' })
  name!: string;
}

@InputType({ description: 'One of my passkeys to remove.' })
export class PasskeyRemoveInput {
  @Field(() => ID, { description: 'The passkey’s `id`.' })
  id!: string;
}

@InputType({ description: 'The browser’s answer to the options of `passkeySignInOptions`.' })
export class PasskeySignInInput {
  @Field({
    description:
      'The JSON (as text) of the assertion the browser made: `startAuthentication()`’s result in @simplewebauthn/browser (an AuthenticationResponseJSON).',
  })
  response!: string;
}

@ObjectType({
  description: 'Options for the browser’s WebAuthn call, with a challenge the server keeps for 5 minutes.',
})
export class PasskeyOptionsPayload {
  @Field(() => String, {
    nullable: true,
    description:
      'The options as JSON text, for @simplewebauthn/browser (`startRegistration({ optionsJSON })` or `startAuthentication({ optionsJSON })`); null when `userErrors` says why not.',
  })
  options?: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of adding or renaming a passkey.' })
export class PasskeyPayload {
  @Field(() => Passkey, { nullable: true, description: 'The passkey; null when `userErrors` says why not.' })
  passkey?: Passkey | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of removing a passkey.' })
export class PasskeyRemovePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the passkey removed; null when `userErrors` says why not.',
  })
  removedId?: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}
