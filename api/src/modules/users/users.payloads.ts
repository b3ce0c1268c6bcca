import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from './user.entity';

@ObjectType()
export class ProfileUpdatePayload {
  @Field(() => User, { nullable: true })
  user?: User | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
