import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../../graphql/errors';

@ObjectType({
  description: 'My personal calendar feed: a secret URL calendar apps subscribe to (no sign-in needed).',
})
export class CalendarFeed {
  @Field({
    description:
      'The feed’s absolute URL (…/api/calendar/{token}.ics) with its secret token: my bookings as a client and as an instructor from 30 days ago on. Anyone with the URL can read it; calendarFeedReset replaces it.',
  })
  url!: string;

  @Field({ description: 'When this URL was issued (ISO-8601, UTC); a reset issues a new one.' })
  createdAt!: Date;
}

@ObjectType({ description: 'The calendar feed after a reset.' })
export class CalendarFeedPayload {
  @Field(() => CalendarFeed, {
    nullable: true,
    description: 'My feed with its new URL; null when userErrors is not empty.',
  })
  calendarFeed?: CalendarFeed | null;

  @Field(() => [UserError], {
    description: 'Why the reset was refused (nothing changed then); empty on success.',
  })
  userErrors!: UserError[];
}

@ObjectType({ description: 'Ways to put a booking in a calendar.' })
export class CalendarLinks {
  @Field({
    description: 'Google Calendar’s “add event” URL with the booking’s title, time (UTC) and details.',
  })
  google!: string;

  @Field({ description: 'Outlook.com’s “add event” URL with the booking’s title, time (UTC) and details.' })
  outlook!: string;

  @Field({
    description:
      'Path of the booking’s .ics download on the API host: /api/bookings/{id}/ics (its client, instructor and staff).',
  })
  ics!: string;
}
