// The scheduling module's front door: what other modules may use of it.
export { occurrences, validateRecurrenceRule, withoutOffDays } from './recurrence';
export {
  dayKey,
  generateSlots,
  type BusyInterval,
  type DateOverride,
  type WeeklyRange,
} from './slot-generation';
export {
  isValidTimeZone,
  localDate,
  parseLocalDate,
  parseWallTime,
  plusZonedDays,
  toZonedISO,
} from './zoned-time';
