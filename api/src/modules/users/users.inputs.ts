import { Field, InputType } from 'type-graphql';

@InputType()
export class ProfileUpdateInput {
  @Field(() => String, { nullable: true, description: 'Up to 100 characters; empty clears it.' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'Up to 100 characters; empty clears it.' })
  lastName?: string | null;
}
