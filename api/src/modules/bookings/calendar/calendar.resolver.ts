import { Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import { payload } from '../../../graphql/payload';
import { BookingCalendarLinksResolver } from './booking-calendar-links.resolver';
import { feedUrl, myCalendarFeed, resetCalendarFeed, type CalendarFeedRecord } from './calendar-feed';
import { CalendarFeed, CalendarFeedPayload } from './calendar.types';

function feedOf(record: CalendarFeedRecord, publicUrl: string): CalendarFeed {
  return Object.assign(new CalendarFeed(), {
    url: feedUrl(publicUrl, record.token),
    createdAt: record.createdAt,
  });
}

@Resolver()
export class CalendarFeedResolver {
  @Query(() => CalendarFeed, {
    description:
      'My personal calendar feed (created on first read): subscribe to its URL in Google Calendar, Outlook or Apple Calendar to see my bookings.',
  })
  async myCalendarFeed(@Ctx() ctx: Context): Promise<CalendarFeed> {
    const record = await ctx.em.transactional((tx) =>
      myCalendarFeed(tx, ctx.config.sessionSecret, ctx.viewer!.id),
    );
    return feedOf(record, ctx.config.publicUrl);
  }

  @Mutation(() => CalendarFeedPayload, {
    description:
      'Issues a new URL for my calendar feed; the old URL stops working at once. Returns no userErrors.',
  })
  calendarFeedReset(@Ctx() ctx: Context): Promise<CalendarFeedPayload> {
    return payload<{ calendarFeed: CalendarFeed | null }>(
      async () => {
        const record = await ctx.em.transactional((tx) =>
          resetCalendarFeed(tx, ctx.config.sessionSecret, ctx.viewer!.id),
        );
        return { calendarFeed: feedOf(record, ctx.config.publicUrl) };
      },
      { calendarFeed: null },
    );
  }
}

export const calendarResolvers = [CalendarFeedResolver, BookingCalendarLinksResolver] as const;
