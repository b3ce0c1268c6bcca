import { Field, InputType } from 'type-graphql';

@InputType({ description: 'Deletes the signed-in account for good ("Delete my account").' })
export class AccountDeleteInput {
  @Field(() => String, {
    nullable: true,
    description: 'The account’s current password: deleting it needs it, or `passkeyResponse` instead.',
  })
  password?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Instead of the password: the browser’s answer (JSON) to `passkeyConfirmationOptions`, made by one of my passkeys.',
  })
  passkeyResponse?: string | null;
}
