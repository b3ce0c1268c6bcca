import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { User } from '../users/user.entity';

@ObjectType()
export class UserConnection extends Connection(User, 'User') {}

@ObjectType()
export class RoleCount {
  @Field()
  role!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType({ description: 'Figures for the admin dashboard.' })
export class AdminOverview {
  @Field(() => Int)
  usersTotal!: number;

  @Field(() => Int)
  newUsersLast7Days!: number;

  @Field(() => [RoleCount], { description: 'Users per role (a user with two roles counts in both).' })
  usersByRole!: RoleCount[];
}

@ObjectType({ description: 'The running deployment, for the admin deployment page.' })
export class SystemStatus {
  @Field()
  version!: string;

  @Field()
  nodeVersion!: string;

  @Field()
  environment!: string;

  @Field()
  databaseMode!: string;

  @Field({
    description:
      'How payments are taken: stripe (STRIPE_SECRET_KEY), test (the labelled test provider: no money ' +
      'moves) or none (no provider: checkout refuses paid orders).',
  })
  paymentMode!: string;

  @Field()
  databaseVersion!: string;

  @Field(() => [String])
  migrations!: string[];

  @Field()
  startedAt!: Date;

  @Field(() => Int)
  uptimeSeconds!: number;
}

@InputType()
export class UserRolesUpdateInput {
  @Field(() => ID)
  userId!: string;

  @Field(() => [String], { description: 'The complete new list of roles (see referenceLists.roles).' })
  roles!: string[];
}

@ObjectType()
export class UserRolesUpdatePayload {
  @Field(() => User, { nullable: true })
  user?: User | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
