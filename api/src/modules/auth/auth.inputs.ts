import { Field, InputType } from 'type-graphql';

@InputType()
export class LoginInput {
  @Field()
  username!: string;

  @Field()
  password!: string;
}

@InputType()
export class RegisterInput {
  @Field()
  username!: string;

  @Field({ description: 'At least 8 characters.' })
  password!: string;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;
}
