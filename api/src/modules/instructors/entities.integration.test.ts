import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '../../db/database';
import { createTestDatabase } from '../../test/database';
import { User } from '../users/user.entity';
import { AvailabilityOverride, AvailabilityRule } from './availability.entity';
import { InstructorProfile } from './instructor-profile.entity';
import { LocationMode, OverrideKind, SessionKind } from './instructors.enums';
import { SessionType } from './session-type.entity';

let orm: MikroORM;
let drop: () => Promise<void>;

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  orm = await openDatabase(db.url, { seed: true, silent: true });
});
afterAll(async () => {
  await orm.close(true);
  await drop();
});

describe('instructor entities', () => {
  it('map the migration’s tables', async () => {
    const em = orm.em.fork();
    const user = await em.findOneOrFail(User, { username: 'multi' });
    em.create(InstructorProfile, { user, styles: ['Salsa'], timeZone: 'Europe/London' });
    const type = em.create(SessionType, {
      instructor: user,
      kind: SessionKind.GROUP,
      title: 'Salsa class',
      durationMinutes: 60,
      capacity: 8,
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0',
      locationMode: LocationMode.IN_PERSON,
    });
    em.create(AvailabilityRule, { instructor: user, weekday: 2, start: '09:00', end: '24:00' });
    em.create(AvailabilityOverride, { instructor: user, date: '2027-03-14', kind: OverrideKind.OFF });
    await em.flush();

    const read = orm.em.fork();
    const p = await read.findOneOrFail(InstructorProfile, { user: user.id });
    expect(p.id).toBe(user.id);
    expect(p.styles).toEqual(['Salsa']);
    expect(p.status).toBe('pending');
    const t = await read.findOneOrFail(SessionType, { id: type.id });
    expect(t.kind).toBe(SessionKind.GROUP);
    expect(t.locationMode).toBe('in_person');
    const [rule] = await read.find(AvailabilityRule, { instructor: user.id });
    expect([rule.startTime, rule.endTime]).toEqual(['09:00', '24:00']);
    const [override] = await read.find(AvailabilityOverride, { instructor: user.id });
    expect([override.date, override.startTime, override.endTime]).toEqual(['2027-03-14', null, null]);
  });
});
