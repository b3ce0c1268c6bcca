import { Field, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

@ObjectType({ description: 'What claiming a store purchase invitation gave the signed-in member.' })
export class StoreClaimInvitePayload {
  @Field(() => Int, {
    description:
      'How many store order lines (DRX courses and resources) became mine now; 0 when none were waiting any more (already claimed, cancelled or refunded) and on userErrors.',
  })
  claimed!: number;

  @Field(() => [UserError], { description: 'Why the invitation was refused; empty on success.' })
  userErrors!: UserError[];
}
