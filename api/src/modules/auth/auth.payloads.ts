import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from '../users/user.entity';

@ObjectType({ description: 'The result of signing in or registering.' })
export class AuthPayload {
  @Field(() => User, {
    nullable: true,
    description: 'The account now signed in; null when `userErrors` says why not.',
  })
  user?: User | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of signing out.' })
export class LogoutPayload {
  @Field({ description: 'Always true: the session (if there was one) has ended.' })
  success!: boolean;

  @Field(() => [UserError], { description: 'Always empty: signing out cannot fail.' })
  userErrors!: UserError[];
}
