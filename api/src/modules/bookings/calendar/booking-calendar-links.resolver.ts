import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import { Booking } from '../booking.entity';
import { Batcher } from '../../../lib/batcher';
import {
  type BookingMailRow,
  calendarEventOf,
  loadBookingMailRows,
} from '../notifications/booking-notifications';
import { bookingDescription } from './booking-ics';
import { calendarLinks } from './calendar-links';
import { CalendarLinks } from './calendar.types';

/** Per request: the rows of every booking of a list in one query (no query per booking). */
const rowLoaders = new WeakMap<Context, Batcher<BookingMailRow | null>>();
function rowLoader(ctx: Context): Batcher<BookingMailRow | null> {
  let loader = rowLoaders.get(ctx);
  if (!loader) {
    loader = new Batcher(async (ids) => {
      const rows = await loadBookingMailRows(ctx.em, ids);
      return new Map(ids.map((id) => [id, rows.get(id) ?? null]));
    });
    rowLoaders.set(ctx, loader);
  }
  return loader;
}

@Resolver(() => Booking)
export class BookingCalendarLinksResolver {
  @FieldResolver(() => CalendarLinks, {
    description:
      'Add-to-calendar links for this booking: Google Calendar, Outlook.com and the .ics download (/api/bookings/{id}/ics).',
  })
  async calendarLinks(@Root() booking: Booking, @Ctx() ctx: Context): Promise<CalendarLinks> {
    const row = await rowLoader(ctx).load(booking.id);
    const recipient =
      row && ctx.viewer?.id === row.instructorId && ctx.viewer.id !== row.clientId ? 'instructor' : 'client';
    const event = row ? calendarEventOf(row, ctx.config.publicUrl, recipient) : null;
    const links = calendarLinks(booking.id, {
      title: event ? `${event.title} with ${event.instructorName}` : booking.title,
      start: booking.startsAt,
      end: booking.endsAt,
      details: event ? bookingDescription(event) : `${ctx.config.publicUrl}/my-bookings`,
      location: event?.location ?? null,
    });
    return Object.assign(new CalendarLinks(), links);
  }
}
