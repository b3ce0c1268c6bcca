import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'A way to sign in offered on the sign-in and registration pages besides a password.',
})
export class SignInProvider {
  @Field({ description: 'Which one: `oidc` (the identity provider of this site’s settings).' })
  id!: string;

  @Field({ description: 'What to call it: “Continue with <name>”.' })
  name!: string;

  @Field({
    description:
      'Where the browser goes to start (GET; add `?returnTo=<a path of this site>` to come back there afterwards).',
  })
  startUrl!: string;
}

@ObjectType({ description: 'An identity provider sign-in linked to my account.' })
export class LinkedIdentity {
  @Field(() => ID, { description: 'Names the link for `identityUnlink`.' })
  id!: string;

  @Field({ description: 'The provider’s name (e.g. “Google”), or its address for one no longer configured.' })
  providerName!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The email address the provider gave when it was linked.',
  })
  email?: string | null;

  @Field({ description: 'When it was linked.' })
  createdAt!: Date;

  @Field({ description: 'When it was last used to sign in.' })
  lastUsedAt!: Date;
}
