import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

@ObjectType({ description: 'The result of deleting my account.' })
export class AccountDeletePayload {
  @Field({
    description:
      'True when the account was deleted (this session is signed out); false when `userErrors` says why not.',
  })
  success!: boolean;

  @Field(() => String, { nullable: true, description: 'What to tell the person once it is done.' })
  message?: string | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}
