import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from './user.entity';

@ObjectType({ description: 'The result of changing my profile.' })
export class ProfileUpdatePayload {
  @Field(() => User, { nullable: true, description: 'My account after the change; null when it failed.' })
  user?: User | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}
