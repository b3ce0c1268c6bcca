import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { OrderLine } from '../orders';
import { Resource } from '../resources';

@ObjectType({ description: 'A colleague the buyer gave one of a line’s licences to.' })
export class LicenceHolder {
  @Field({ description: 'The colleague’s username.' })
  username!: string;

  @Field({ description: 'The colleague’s first name, or their username when they have none.' })
  displayName!: string;

  @Field({ description: 'When the licence was given (ISO-8601, UTC).' })
  givenAt!: Date;
}

@ObjectType({ description: 'A licence of a resource a colleague bought and gave me.' })
export class ReceivedLicence {
  @Field(() => ID, { description: 'The licence’s id.' })
  id!: string;

  @Field(() => Resource, { description: 'The resource the licence lets me download.' })
  resource!: Resource;

  @Field({ description: 'The username of the buyer who gave it.' })
  fromUsername!: string;

  @Field({ description: 'The giver’s first name, or their username when they have none.' })
  fromDisplayName!: string;

  @Field({ description: 'When the licence was given (ISO-8601, UTC).' })
  givenAt!: Date;

  @Field({ description: 'Path of the resource’s download on the API host: /api/resources/{id}/download.' })
  downloadUrl!: string;
}

@ObjectType({ description: 'A page of licences colleagues gave me, newest first (a Relay connection).' })
export class ReceivedLicenceConnection extends Connection(ReceivedLicence, 'ReceivedLicence') {}

@InputType({ description: 'Give one licence: of an order line, or of the resource (a line with one left).' })
export class LicenceAssignInput {
  @Field(() => ID, {
    nullable: true,
    description:
      'A resource line (OrderLine.id) of one of my paid orders; when given, resourceId is ignored.',
  })
  orderLineId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'Or the resource’s id: one of my paid lines of it is used, one with a licence left first. One of orderLineId and resourceId is needed.',
  })
  resourceId?: string | null;

  @Field({ description: 'The colleague’s username (matched case-insensitively).' })
  username!: string;
}

@InputType({ description: 'Takes back a licence I gave.' })
export class LicenceRevokeInput {
  @Field(() => ID, { description: 'The line (OrderLine.id) of one of my orders the licence was given from.' })
  orderLineId!: string;

  @Field({
    description: 'The username of the colleague whose licence is taken back (matched case-insensitively).',
  })
  username!: string;
}

@ObjectType({ description: 'The order line after a licence was given or taken back.' })
export class LicencePayload {
  @Field(() => OrderLine, {
    nullable: true,
    description: 'The line, with its licences now; null when userErrors is not empty.',
  })
  orderLine!: OrderLine | null;

  @Field(() => [UserError], { description: 'Why nothing changed; empty on success.' })
  userErrors!: UserError[];
}
