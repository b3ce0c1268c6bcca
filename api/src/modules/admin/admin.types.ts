import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { User } from '../users';

@ObjectType()
export class UserConnection extends Connection(User, 'User') {}

@ObjectType({ description: 'How many accounts have one role.' })
export class RoleCount {
  @Field({ description: 'A role value (see `referenceLists.roles`).' })
  role!: string;

  @Field(() => Int, { description: 'Accounts whose `roles` include it.' })
  count!: number;
}

@ObjectType({ description: 'Figures for the admin dashboard.' })
export class AdminOverview {
  @Field(() => Int, { description: 'All accounts.' })
  usersTotal!: number;

  @Field(() => Int, { description: 'Accounts registered in the last 7 × 24 hours.' })
  newUsersLast7Days!: number;

  @Field(() => [RoleCount], {
    description:
      'Users per role, most common first (a user with two roles counts in both); roles nobody has are left out.',
  })
  usersByRole!: RoleCount[];
}

@ObjectType({ description: 'The running deployment, for the admin deployment page.' })
export class SystemStatus {
  @Field({ description: 'The API’s version (from its package.json), or "unknown".' })
  version!: string;

  @Field({ description: 'The Node.js version running the API, e.g. "v22.11.0".' })
  nodeVersion!: string;

  @Field({ description: '"production" or "development".' })
  environment!: string;

  @Field({
    description:
      '"external PostgreSQL" (DATABASE_URL is set) or "embedded PostgreSQL" (the server started its own database).',
  })
  databaseMode!: string;

  @Field({
    description:
      'How payments are taken: stripe (STRIPE_SECRET_KEY), test (the labelled test provider: no money ' +
      'moves) or none (no provider: checkout refuses paid orders).',
  })
  paymentMode!: string;

  @Field({ description: 'The PostgreSQL server’s version as it reports it (server_version), e.g. "16.4".' })
  databaseVersion!: string;

  @Field(() => [String], { description: 'The names of the applied database migrations, oldest first.' })
  migrations!: string[];

  @Field({ description: 'When this API process started (ISO-8601, UTC).' })
  startedAt!: Date;

  @Field(() => Int, { description: 'Whole seconds since `startedAt`.' })
  uptimeSeconds!: number;
}

@InputType({ description: 'A user’s new set of roles.' })
export class UserRolesUpdateInput {
  @Field(() => ID, { description: 'The account’s id (a UUID).' })
  userId!: string;

  @Field(() => [String], {
    description:
      'The complete new list of roles, at least one, each a value of `referenceLists.roles` (trimmed; duplicates are dropped).',
  })
  roles!: string[];
}

@ObjectType({ description: 'The result of changing a user’s roles.' })
export class UserRolesUpdatePayload {
  @Field(() => User, { nullable: true, description: 'The account with its new roles; null when it failed.' })
  user?: User | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}
