import { Field, InputType } from 'type-graphql';

@InputType({ description: 'Deletes the signed-in account for good ("Delete my account").' })
export class AccountDeleteInput {
  @Field({ description: 'The account’s current password: deleting it needs it.' })
  password!: string;
}
