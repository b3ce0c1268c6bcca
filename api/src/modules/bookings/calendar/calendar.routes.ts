import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../../graphql/context';
import { hasAnyRole, STAFF_ROLES } from '../../users';
import { loadBookingMailRow, calendarEventOf } from '../notifications/booking-notifications';
import { bookingIcs, bookingIcsFilename } from './booking-ics';
import { feedIcs, feedOwner } from './calendar-feed';
import { isUuid } from '../../../lib/ids';

/**
 * GET /api/bookings/:id/ics — the booking's .ics (METHOD:PUBLISH) for its client, its instructor
 * and staff: 401 signed out, 404 for an unknown booking or anyone else's.
 */
export function bookingIcsRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.viewer) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const id = String(req.params.id);
      const row = isUuid(id) ? await loadBookingMailRow(ctx.em, id) : null;
      const viewer = ctx.viewer;
      const allowed =
        row &&
        (row.clientId === viewer.id || row.instructorId === viewer.id || hasAnyRole(viewer, STAFF_ROLES));
      if (!row || !allowed) {
        res.status(404).json({ message: 'Booking not found' });
        return;
      }
      const event = calendarEventOf(
        row,
        ctx.config.publicUrl,
        row.clientId === viewer.id ? 'client' : 'instructor',
      );
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${bookingIcsFilename(event)}"`);
      res.send(bookingIcs(event, 'PUBLISH'));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * GET /api/calendar/:token.ics — the personal feed, found by its secret token (no cookie: calendar
 * apps fetch it). 404 for an unknown or reset token.
 */
export function calendarFeedRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const token = String(req.params.token ?? '');
      const userId = await feedOwner(ctx.em, token);
      if (!userId) {
        res.status(404).json({ message: 'Calendar not found' });
        return;
      }
      const ics = await feedIcs(ctx.em, userId, ctx.config.publicUrl);
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', 'inline; filename="drx-bookings.ics"');
      res.send(ics);
    } catch (error) {
      next(error);
    }
  };
}
