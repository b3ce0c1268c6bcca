import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formFromSessionType,
  hoursToMinutes,
  minutesToHours,
  newSessionTypeForm,
  sessionTypeInput,
} from './connectForm';

const DEFAULTS = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 240,
  horizonDays: 60,
  cancelFreeHours: 24,
  lateCancelFeePercent: 50,
};

describe('money and time typed by a person', () => {
  it('turns dollars into whole cents without float rounding', () => {
    expect(dollarsToCents('60')).toBe(6000);
    expect(dollarsToCents('45.5')).toBe(4550);
    expect(dollarsToCents('$19.99')).toBe(1999);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1,200.00')).toBe(120000);
    expect(dollarsToCents('  ')).toBeNull();
    expect(dollarsToCents('1.234')).toBeNaN();
    expect(dollarsToCents('-5')).toBeNaN();
    expect(dollarsToCents('ten')).toBeNaN();
    expect(centsToDollars(4550)).toBe('45.50');
    expect(centsToDollars(6000)).toBe('60');
    expect(dollarsToCents(centsToDollars(1999))).toBe(1999);
  });

  it('turns hours of notice into minutes and back', () => {
    expect(hoursToMinutes('4')).toBe(240);
    expect(hoursToMinutes('0.5')).toBe(30);
    expect(hoursToMinutes('')).toBeNull();
    expect(hoursToMinutes('four')).toBeNaN();
    expect(minutesToHours(90)).toBe('1.5');
  });
});

describe('the session type form', () => {
  it('makes a group class input with its RRULE from the builder', () => {
    const values = { ...newSessionTypeForm('group', DEFAULTS), price: '25', capacity: '12' };
    values.recurrence = { days: ['TU'], time: '18:00', interval: 1 };
    const { input, errors } = sessionTypeInput(values);
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      kind: 'group',
      priceCents: 2500,
      capacity: 12,
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0',
      bufferAfterMinutes: 15,
      minNoticeMinutes: 240,
      maxPerDay: null,
    });
  });

  it('keeps a consultation free with one seat and no rule, whatever was typed', () => {
    const values = { ...newSessionTypeForm('consultation', DEFAULTS), price: '80', capacity: '9' };
    const { input, errors } = sessionTypeInput(values);
    expect(errors).toEqual({});
    expect(input).toMatchObject({ priceCents: 0, capacity: 1, recurrenceRule: null });
  });

  it('puts each wrong value on its API field', () => {
    const values = {
      ...newSessionTypeForm('group', DEFAULTS),
      title: 'x',
      price: '12.345',
      durationMinutes: '5',
      capacity: '0',
      maxPerDay: '0',
      lateCancelFeePercent: '150',
    };
    values.recurrence = { days: [], time: '18:00', interval: 1 };
    expect(Object.keys(sessionTypeInput(values).errors).sort()).toEqual([
      'capacity',
      'durationMinutes',
      'lateCancelFeePercent',
      'maxPerDay',
      'priceCents',
      'recurrenceRule',
      'title',
    ]);
    expect(sessionTypeInput({ ...values, price: '' }).errors.priceCents).toBe(
      'Enter a price in dollars, e.g. 60 or 45.50 (0 for free)',
    );
  });

  it('edits a stored type, keeping a rule the builder cannot show', () => {
    const stored = {
      kind: 'GROUP',
      title: 'Salsa basics',
      description: '',
      durationMinutes: 60,
      priceCents: 1550,
      capacity: 8,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minNoticeMinutes: 120,
      horizonDays: 30,
      maxPerDay: null,
      requiresApproval: false,
      recurrenceRule: 'FREQ=MONTHLY;BYDAY=1TU;BYHOUR=18;BYMINUTE=0',
      locationMode: 'IN_PERSON',
      cancelFreeHours: 12,
      lateCancelFeePercent: 100,
    };
    const form = formFromSessionType(stored);
    expect(form).toMatchObject({
      kind: 'group',
      locationMode: 'in_person',
      price: '15.50',
      minNoticeHours: '2',
      customRule: stored.recurrenceRule,
    });
    expect(sessionTypeInput(form).input.recurrenceRule).toBe(stored.recurrenceRule);
  });
});

describe('the profile and settings forms', () => {
  it('reads languages separated by commas, without empties or repeats', async () => {
    const { parseLanguages } = await import('./connectForm');
    expect(parseLanguages(' English, spanish ,, English ,Spanish')).toEqual(['English', 'spanish']);
    expect(parseLanguages('')).toEqual([]);
  });

  it('turns the settings into minutes and puts each wrong value on its API field', async () => {
    const { settingsInput } = await import('./connectForm');
    const values = {
      timeZone: 'Europe/London',
      bufferBeforeMinutes: '10',
      bufferAfterMinutes: '0',
      minNoticeHours: '1.5',
      horizonDays: '90',
      cancelFreeHours: '48',
      lateCancelFeePercent: '25',
    };
    expect(settingsInput(values)).toEqual({
      input: {
        timeZone: 'Europe/London',
        bufferBeforeMinutes: 10,
        bufferAfterMinutes: 0,
        minNoticeMinutes: 90,
        horizonDays: 90,
        cancelFreeHours: 48,
        lateCancelFeePercent: 25,
      },
      errors: {},
    });
    expect(
      Object.keys(
        settingsInput({
          ...values,
          bufferAfterMinutes: '300',
          horizonDays: '0',
          lateCancelFeePercent: 'x',
          timeZone: '',
        }).errors,
      ).sort(),
    ).toEqual(['bufferAfterMinutes', 'horizonDays', 'lateCancelFeePercent', 'timeZone']);
  });
});
