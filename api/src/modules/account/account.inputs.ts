import { Field, InputType } from 'type-graphql';

@InputType({ description: 'Asks for a link to choose a new password ("Forgot password?").' })
export class PasswordResetRequestInput {
  @Field({ description: 'The account’s username or email address, in any letter case.' })
  login!: string;
}

@InputType({ description: 'A new password set with the link of a reset mail.' })
export class PasswordResetInput {
  @Field({ description: 'The `token` parameter of the mailed link.' })
  token!: string;

  @Field({
    description: '8 to 200 characters; the password published with the DRX demo accounts is refused.',
  })
  newPassword!: string;
}

@InputType({ description: 'The signed-in account’s new password.' })
export class PasswordChangeInput {
  @Field({ description: 'The password the account has now.' })
  currentPassword!: string;

  @Field({
    description:
      '8 to 200 characters, not the current one; the password published with the DRX demo accounts is refused.',
  })
  newPassword!: string;
}

@InputType({ description: 'The signed-in account’s new email address.' })
export class EmailChangeInput {
  @Field(() => String, {
    nullable: true,
    description:
      'The account’s current password: changing where its mail goes needs it, or `passkeyResponse` instead.',
  })
  password?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Instead of the password: the browser’s answer (JSON) to `passkeyConfirmationOptions`, made by one of my passkeys.',
  })
  passkeyResponse?: string | null;

  @Field({ description: 'A valid address of at most 254 characters (stored in lower case).' })
  newEmail!: string;
}
