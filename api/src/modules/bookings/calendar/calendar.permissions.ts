import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../../graphql/rules';

/** My calendar feed is my own; calendar links ride on a Booking its readers may see. */
export const calendarPermissions = {
  Query: {
    myCalendarFeed: isAuthenticated,
  },
  Mutation: {
    calendarFeedReset: isAuthenticated,
  },
  CalendarFeed: allow,
  CalendarFeedPayload: allow,
  CalendarLinks: allow,
};
