import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from '../users/user.entity';

@ObjectType({ description: 'The result of an account change that returns nothing but success.' })
export class AccountActionPayload {
  @Field({ description: 'True when it was done; false when `userErrors` says why not.' })
  success!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'What to tell the person (the same whether or not an account matched, for a reset request).',
  })
  message?: string | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of an account change that returns the account.' })
export class AccountPayload {
  @Field(() => User, {
    nullable: true,
    description: 'The account as it is now; null when `userErrors` says why not.',
  })
  user?: User | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}
