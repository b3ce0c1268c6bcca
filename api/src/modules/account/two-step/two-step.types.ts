import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../../graphql/errors';

@ObjectType({ description: 'My two-step sign-in (an authenticator app) and whether my roles require it.' })
export class TwoStepStatus {
  @Field({ description: 'True when sign-ins by password also ask for a code of my authenticator app.' })
  enabled!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was turned on; null while off.' })
  enabledAt?: Date | null;

  @Field(() => Int, { description: 'Recovery codes not used yet (0 while off).' })
  recoveryCodesLeft!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'Why my account needs a second factor: `staff` (admins and curriculum officers: staff pages are refused until it is set up) or `payouts` (sellers and instructors: payout details cannot be changed until it is); null when not required.',
  })
  requiredFor?: string | null;

  @Field({ description: 'True when my account has a second factor (two-step sign-in or a passkey).' })
  hasSecondFactor!: boolean;
}

@ObjectType({ description: 'What an authenticator app needs to be set up; shown once.' })
export class TwoStepSetupPayload {
  @Field(() => String, {
    nullable: true,
    description:
      'The secret key as text (Base32), for apps that cannot scan; null when `userErrors` says why not.',
  })
  key?: string | null;

  @Field(() => String, { nullable: true, description: 'The `otpauth://totp/…` URI the QR code holds.' })
  uri?: string | null;

  @Field(() => Int, { nullable: true, description: 'The QR code’s width and height in modules.' })
  qrSize?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The QR code’s dark modules as one SVG path in a `qrSize`×`qrSize` box (draw with `<path d=…>`).',
  })
  qrPath?: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'New recovery codes, shown this once (only their hashes are kept).' })
export class TwoStepRecoveryCodesPayload {
  @Field(() => [String], {
    description: 'Ten one-time recovery codes (`xxxxx-xxxxx`); empty when `userErrors` says why not.',
  })
  recoveryCodes!: string[];

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'A code that proves the person holds the authenticator app now.' })
export class TwoStepCodeInput {
  @Field({ description: 'The current 6-digit code of the authenticator app (spaces ignored).' })
  code!: string;
}
