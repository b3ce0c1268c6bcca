import { Field, InputType } from 'type-graphql';

@InputType({ description: 'The credentials of a sign-in.' })
export class LoginInput {
  @Field({
    description: 'The account’s username, in any letter case (surrounding spaces are ignored).',
  })
  username!: string;

  @Field({ description: 'The account’s password, exactly as set.' })
  password!: string;
}

@InputType({
  description:
    'A new account. The username, email and names are trimmed (the password is not); an empty optional field is stored as null.',
})
export class RegisterInput {
  @Field({
    description:
      '3 to 50 characters: letters, digits, dots, dashes and underscores, starting with a letter or digit. Unique regardless of letter case.',
  })
  username!: string;

  @Field({
    description: '8 to 200 characters; the password published with the DRX demo accounts is refused.',
  })
  password!: string;

  @Field(() => String, {
    nullable: true,
    description: 'A valid email address of at most 254 characters, stored in lower case; optional.',
  })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters; optional.' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters; optional.' })
  lastName?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The token of a store purchase invitation (the `storeInvite` parameter of the mailed link); optional. When it was issued for this registration’s email, the DRX courses and resources bought in the store with that email become the new account’s; otherwise it is ignored (the account is created all the same and the purchases keep waiting).',
  })
  storeInvite?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A solved sign-up challenge: the base64 payload the ALTCHA widget produces for a challenge from GET /api/altcha/challenge. Needed only once this client address has registered a few accounts in the last hour (the mutation answers CHALLENGE_REQUIRED without it); ignored otherwise. Each solution admits one registration.',
  })
  altcha?: string | null;
}

@InputType({ description: 'The second step of a sign-in.' })
export class LoginSecondStepInput {
  @Field({
    description:
      'The current 6-digit code of the authenticator app (spaces ignored), or one unused recovery code (`xxxxx-xxxxx`, any case).',
  })
  code!: string;
}
