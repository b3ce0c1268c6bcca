import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { OrderLine } from '../orders/order-line.entity';
import { Resource } from '../resources/resource.entity';

@ObjectType({ description: 'A colleague the buyer gave one of a line’s licences to.' })
export class LicenceHolder {
  @Field()
  username!: string;

  @Field()
  displayName!: string;

  @Field()
  givenAt!: Date;
}

@ObjectType({ description: 'A licence of a resource a colleague bought and gave me.' })
export class ReceivedLicence {
  @Field(() => ID)
  id!: string;

  @Field(() => Resource)
  resource!: Resource;

  @Field({ description: 'The buyer who gave it.' })
  fromUsername!: string;

  @Field()
  fromDisplayName!: string;

  @Field()
  givenAt!: Date;

  @Field({ description: 'The resource’s download.' })
  downloadUrl!: string;
}

@ObjectType()
export class ReceivedLicenceConnection extends Connection(ReceivedLicence, 'ReceivedLicence') {}

@InputType({ description: 'Give one licence: of an order line, or of the resource (a line with one left).' })
export class LicenceAssignInput {
  @Field(() => ID, { nullable: true, description: 'A resource line of one of my paid orders.' })
  orderLineId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Or the resource: one of my lines of it with a licence left.',
  })
  resourceId?: string | null;

  @Field({ description: 'The colleague’s username.' })
  username!: string;
}

@InputType()
export class LicenceRevokeInput {
  @Field(() => ID)
  orderLineId!: string;

  @Field({ description: 'The colleague whose licence is taken back.' })
  username!: string;
}

@ObjectType()
export class LicencePayload {
  @Field(() => OrderLine, { nullable: true, description: 'The line, with its licences now.' })
  orderLine!: OrderLine | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
