import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from '../users';

@ObjectType({ description: 'The result of signing in or registering.' })
export class AuthPayload {
  @Field(() => User, {
    nullable: true,
    description:
      'The account now signed in; null when `userErrors` says why not, or when `secondStepRequired` (no session yet).',
  })
  user?: User | null;

  @Field({
    description:
      'True when the password was right but the account has two-step sign-in on: no session was started; send a code of the authenticator app (or a recovery code) with `loginSecondStep` within 10 minutes, from the same browser (an HttpOnly cookie holds the owed step).',
  })
  secondStepRequired!: boolean;

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
