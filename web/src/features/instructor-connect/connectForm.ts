/**
 * Pure form conversions of the instructor's Connect pages: money typed in dollars → cents,
 * notice typed in hours → minutes, and the session-type form ↔ its create/update input.
 * Error keys are the API's input field names, so `userErrors` land on the same fields.
 */
import {
  buildWeeklyRule,
  DEFAULT_RECURRENCE,
  parseWeeklyRule,
  recurrenceError,
  type WeeklyRecurrence,
} from './recurrence';

/**
 * Whole cents of a dollar amount typed by a person ("45", "45.5", "$1,200.00"); null when the
 * text is empty, NaN when it is not an amount of at most two decimals (never a float rounding).
 */
export function dollarsToCents(value: string): number | null {
  const text = value
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
}

/** "45.50" for 4550, "45" for 4500, "" for null. */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A whole number typed by a person; null when empty, NaN when not a whole number ≥ 0. */
export function wholeNumber(value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** Minutes of a number of hours typed by a person ("4", "0.5", "1.25"); null when empty, NaN when invalid. */
export function hoursToMinutes(value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 60);
}

/** "4" for 240, "0.5" for 30, "1.25" for 75. */
export function minutesToHours(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** "1 h 30 min", "45 min", "2 h". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "2 days" for 2880 minutes, "4 hours", "30 minutes". */
export function noticeLabel(minutes: number): string {
  if (minutes === 0) return 'no notice';
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export type SessionKind = 'private' | 'group' | 'consultation';
export type LocationMode = 'online' | 'in_person';

export const SESSION_KIND_LABEL: Record<SessionKind, string> = {
  private: 'Private lesson',
  group: 'Group class',
  consultation: 'Free consultation',
};

export interface SessionTypeLike {
  kind: string;
  title: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  capacity: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerDay?: number | null;
  requiresApproval: boolean;
  recurrenceRule?: string | null;
  locationMode: string;
  cancelFreeHours: number;
  lateCancelFeePercent: number;
}

/** The session-type form: every number as typed text. */
export interface SessionTypeFormValues {
  kind: SessionKind;
  title: string;
  description: string;
  durationMinutes: string;
  price: string;
  capacity: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minNoticeHours: string;
  horizonDays: string;
  maxPerDay: string;
  requiresApproval: boolean;
  recurrence: WeeklyRecurrence;
  /** The stored rule when the builder cannot show it (kept unless the builder is used). */
  customRule: string | null;
  locationMode: LocationMode;
  cancelFreeHours: string;
  lateCancelFeePercent: string;
}

/** The instructor's booking defaults a new session type starts from. */
export interface SessionDefaults {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  cancelFreeHours: number;
  lateCancelFeePercent: number;
  teachesOnline?: boolean;
  teachesInPerson?: boolean;
}

export function newSessionTypeForm(kind: SessionKind, defaults: SessionDefaults): SessionTypeFormValues {
  return {
    kind,
    title:
      kind === 'consultation' ? 'Free consultation' : kind === 'group' ? 'Group class' : 'Private lesson',
    description: '',
    durationMinutes: kind === 'consultation' ? '20' : '60',
    price: kind === 'consultation' ? '0' : '',
    capacity: kind === 'group' ? '8' : '1',
    bufferBeforeMinutes: String(defaults.bufferBeforeMinutes),
    bufferAfterMinutes: String(defaults.bufferAfterMinutes),
    minNoticeHours: minutesToHours(defaults.minNoticeMinutes),
    horizonDays: String(defaults.horizonDays),
    maxPerDay: '',
    requiresApproval: false,
    recurrence: { ...DEFAULT_RECURRENCE },
    customRule: null,
    locationMode: defaults.teachesOnline === false && defaults.teachesInPerson ? 'in_person' : 'online',
    cancelFreeHours: String(defaults.cancelFreeHours),
    lateCancelFeePercent: String(defaults.lateCancelFeePercent),
  };
}

export function formFromSessionType(type: SessionTypeLike): SessionTypeFormValues {
  const stored = type.kind.toLowerCase();
  const kind = (['private', 'group', 'consultation'].includes(stored) ? stored : 'private') as SessionKind;
  const parsed = parseWeeklyRule(type.recurrenceRule);
  return {
    kind,
    title: type.title,
    description: type.description,
    durationMinutes: String(type.durationMinutes),
    price: centsToDollars(type.priceCents),
    capacity: String(type.capacity),
    bufferBeforeMinutes: String(type.bufferBeforeMinutes),
    bufferAfterMinutes: String(type.bufferAfterMinutes),
    minNoticeHours: minutesToHours(type.minNoticeMinutes),
    horizonDays: String(type.horizonDays),
    maxPerDay: type.maxPerDay ? String(type.maxPerDay) : '',
    requiresApproval: type.requiresApproval,
    recurrence: parsed ?? { ...DEFAULT_RECURRENCE },
    customRule: type.recurrenceRule && !parsed ? type.recurrenceRule : null,
    locationMode: type.locationMode.toLowerCase() === 'in_person' ? 'in_person' : 'online',
    cancelFreeHours: String(type.cancelFreeHours),
    lateCancelFeePercent: String(type.lateCancelFeePercent),
  };
}

export interface SessionTypeInputValues {
  kind: SessionKind;
  title: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  capacity: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerDay: number | null;
  requiresApproval: boolean;
  recurrenceRule: string | null;
  locationMode: LocationMode;
  cancelFreeHours: number;
  lateCancelFeePercent: number;
}

export type FormErrors = Record<string, string>;

function inRange(
  errors: FormErrors,
  field: string,
  value: number | null,
  min: number,
  max: number,
  message: string,
): number {
  if (value === null || Number.isNaN(value) || value < min || value > max) {
    errors[field] = message;
    return 0;
  }
  return value;
}

/**
 * The create/update input of the form, or the errors keyed by input field (the same limits the
 * database checks: duration 10–480 minutes, buffers 0–240, notice up to 30 days, horizon 1–365,
 * capacity 2–500 for group classes, a consultation is free).
 */
export function sessionTypeInput(values: SessionTypeFormValues): {
  input: SessionTypeInputValues;
  errors: FormErrors;
} {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (title.length < 2 || title.length > 120) errors.title = 'Give it a title of 2 to 120 characters';
  const durationMinutes = inRange(
    errors,
    'durationMinutes',
    wholeNumber(values.durationMinutes),
    10,
    480,
    'Enter a length from 10 to 480 minutes',
  );
  let priceCents = 0;
  if (values.kind !== 'consultation') {
    const cents = dollarsToCents(values.price);
    priceCents = inRange(
      errors,
      'priceCents',
      cents,
      0,
      10_000_000,
      'Enter a price in dollars, e.g. 60 or 45.50 (0 for free)',
    );
  }
  const capacity =
    values.kind === 'group'
      ? inRange(errors, 'capacity', wholeNumber(values.capacity), 2, 500, 'Enter 2 to 500 seats')
      : 1;
  const bufferBeforeMinutes = inRange(
    errors,
    'bufferBeforeMinutes',
    wholeNumber(values.bufferBeforeMinutes) ?? 0,
    0,
    240,
    'Enter 0 to 240 minutes',
  );
  const bufferAfterMinutes = inRange(
    errors,
    'bufferAfterMinutes',
    wholeNumber(values.bufferAfterMinutes) ?? 0,
    0,
    240,
    'Enter 0 to 240 minutes',
  );
  const minNoticeMinutes = inRange(
    errors,
    'minNoticeMinutes',
    hoursToMinutes(values.minNoticeHours) ?? 0,
    0,
    43_200,
    'Enter 0 to 720 hours',
  );
  const horizonDays = inRange(
    errors,
    'horizonDays',
    wholeNumber(values.horizonDays),
    1,
    365,
    'Enter 1 to 365 days',
  );
  const maxText = wholeNumber(values.maxPerDay);
  const maxPerDay =
    maxText === null ? null : inRange(errors, 'maxPerDay', maxText, 1, 100, 'Enter 1 to 100, or leave empty');
  let recurrenceRule: string | null = null;
  if (values.kind === 'group') {
    if (values.customRule) {
      recurrenceRule = values.customRule;
    } else {
      const error = recurrenceError(values.recurrence);
      if (error) errors.recurrenceRule = error;
      else recurrenceRule = buildWeeklyRule(values.recurrence);
    }
  }
  const cancelFreeHours = inRange(
    errors,
    'cancelFreeHours',
    wholeNumber(values.cancelFreeHours),
    0,
    720,
    'Enter 0 to 720 hours',
  );
  const lateCancelFeePercent = inRange(
    errors,
    'lateCancelFeePercent',
    wholeNumber(values.lateCancelFeePercent),
    0,
    100,
    'Enter 0 to 100 %',
  );
  return {
    input: {
      kind: values.kind,
      title,
      description: values.description.trim(),
      durationMinutes,
      priceCents,
      capacity,
      bufferBeforeMinutes,
      bufferAfterMinutes,
      minNoticeMinutes,
      horizonDays,
      maxPerDay,
      requiresApproval: values.requiresApproval,
      recurrenceRule,
      locationMode: values.locationMode,
      cancelFreeHours,
      lateCancelFeePercent,
    },
    errors,
  };
}

/** "Free cancellation until 24 hours before; later 50% is kept." */
export function policyLabel(cancelFreeHours: number, lateCancelFeePercent: number): string {
  const free =
    cancelFreeHours === 0
      ? 'Free cancellation until the start'
      : `Free cancellation until ${plural(cancelFreeHours, 'hour')} before`;
  if (lateCancelFeePercent === 0) return `${free}; later cancellations are refunded in full too.`;
  return `${free}; later ${lateCancelFeePercent}% is kept as a late-cancellation fee.`;
}

/** "English, Spanish" ↔ ['English', 'Spanish'] (trimmed, no empties or repeats). */
export function parseLanguages(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => {
      const key = part.toLowerCase();
      if (!part || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export interface SettingsValues {
  timeZone: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minNoticeHours: string;
  horizonDays: string;
  cancelFreeHours: string;
  lateCancelFeePercent: string;
}

/** The settings input of the form, or errors keyed by the API's field names. */
export function settingsInput(values: SettingsValues) {
  const errors: Record<string, string> = {};
  const check = (field: string, value: number | null, min: number, max: number, message: string) => {
    if (value === null || Number.isNaN(value) || value < min || value > max) errors[field] = message;
    return value ?? 0;
  };
  const input = {
    timeZone: values.timeZone,
    bufferBeforeMinutes: check(
      'bufferBeforeMinutes',
      wholeNumber(values.bufferBeforeMinutes),
      0,
      240,
      'Enter 0 to 240 minutes',
    ),
    bufferAfterMinutes: check(
      'bufferAfterMinutes',
      wholeNumber(values.bufferAfterMinutes),
      0,
      240,
      'Enter 0 to 240 minutes',
    ),
    minNoticeMinutes: check(
      'minNoticeMinutes',
      hoursToMinutes(values.minNoticeHours),
      0,
      43_200,
      'Enter 0 to 720 hours',
    ),
    horizonDays: check('horizonDays', wholeNumber(values.horizonDays), 1, 365, 'Enter 1 to 365 days'),
    cancelFreeHours: check(
      'cancelFreeHours',
      wholeNumber(values.cancelFreeHours),
      0,
      720,
      'Enter 0 to 720 hours',
    ),
    lateCancelFeePercent: check(
      'lateCancelFeePercent',
      wholeNumber(values.lateCancelFeePercent),
      0,
      100,
      'Enter 0 to 100 %',
    ),
  };
  if (!values.timeZone) errors.timeZone = 'Pick your time zone';
  return { input, errors };
}

/** The graph's enum name of a form value ('in_person' → 'IN_PERSON'). */
export const graphEnum = <T extends string>(value: T) => value.toUpperCase() as Uppercase<T>;
