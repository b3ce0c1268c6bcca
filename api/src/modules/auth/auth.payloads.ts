import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from '../users/user.entity';

@ObjectType()
export class AuthPayload {
  @Field(() => User, { nullable: true })
  user?: User | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class LogoutPayload {
  @Field()
  success!: boolean;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
