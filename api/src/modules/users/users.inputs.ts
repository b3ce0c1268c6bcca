import { Field, InputType } from 'type-graphql';

@InputType({ description: 'New names (or time zone) for my profile; a field left out is not changed.' })
export class ProfileUpdateInput {
  @Field(() => String, {
    nullable: true,
    description: 'Up to 100 characters (trimmed); empty or null clears it; left out keeps it.',
  })
  firstName?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 100 characters (trimmed); empty or null clears it; left out keeps it.',
  })
  lastName?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The IANA time zone mails state times in, e.g. "Europe/Berlin" (the web app sends the browser’s); null ' +
      'clears it (UTC); left out keeps it.',
  })
  timeZone?: string | null;
}
