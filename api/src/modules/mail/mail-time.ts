import { DateTime } from 'luxon';

/** How mails state a moment: e.g. "Sun, Mar 14, 2027, 3:00 AM EDT" (en-US, the zone's abbreviation). */
export const MAIL_TIME_FORMAT = 'ccc, LLL d, yyyy, h:mm a ZZZZ';

/** `instant` in `timeZone` (an IANA zone: the recipient's), e.g. "Sun, Mar 14, 2027, 3:00 AM EDT". */
export function formatMailTime(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).setLocale('en-US').toFormat(MAIL_TIME_FORMAT);
}
