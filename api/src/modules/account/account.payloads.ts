import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { User } from '../users';

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

@ObjectType({ description: 'One of my signed-in sessions (a browser or app that holds a session cookie).' })
export class AccountSession {
  @Field({ description: 'Names the session for `sessionEnd` (not its secret id).' })
  id!: string;

  @Field({ description: 'True for the session of this request.' })
  current!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The browser and its major version, e.g. "Chrome 131"; null when unknown.',
  })
  browser?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The operating system, e.g. "Windows 10"; null when unknown.',
  })
  os?: string | null;

  @Field(() => String, { nullable: true, description: 'desktop, mobile, tablet or tv; null when unknown.' })
  device?: string | null;

  @Field(() => String, { nullable: true, description: 'The client address the session began from.' })
  ipAddress?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The approximate place of that address: its country in English, e.g. "Germany" (IP2Location LITE data bundled with the server). ' +
      'Null for a local-network, loopback or other non-public address, a native IPv6 address (the data covers IPv4 only) or an unknown one.',
  })
  place?: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it began (null for sessions older than this list).',
  })
  createdAt?: Date | null;

  @Field({ description: 'When it was last used (to within 10 minutes).' })
  lastActiveAt!: Date;
}
