import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { lookupZip } from '../../modules/locations';
import { seedDemoAccounts } from './demo-users';

/** The second demo instructor (Europe/London); signs in with the demo password. */
export const DEMO_INSTRUCTOR_USERS = [
  { username: 'lena', roles: ['instructor'], firstName: 'Lena', lastName: 'London' },
] as const;

/** Fixed ids of the demo session types (the bookings seeder books them). */
export const DEMO_SESSION_TYPE_IDS = {
  inesPrivate: '5e55a000-0000-4000-8000-000000000001',
  inesGroup: '5e55a000-0000-4000-8000-000000000002',
  inesConsultation: '5e55a000-0000-4000-8000-000000000003',
  lenaPrivate: '5e55a000-0000-4000-8000-000000000011',
  lenaGroup: '5e55a000-0000-4000-8000-000000000012',
  lenaConsultation: '5e55a000-0000-4000-8000-000000000013',
} as const;

interface DemoInstructor {
  username: string;
  timeZone: string;
  featured: boolean;
  headline: string;
  bio: string;
  styles: string[];
  levels: string[];
  ageGroups: string[];
  languages: string[];
  teachesInPerson: boolean;
  city: string;
  state: string;
  zip: string;
  /** [weekday, start, end] */
  hours: [number, string, string][];
  /** Next week's day off (ISO weekday) and a day with extra hours. */
  offWeekday: number;
  extra: [number, string, string];
  ids: { private: string; group: string; consultation: string };
  groupTitle: string;
  groupRule: string;
  groupPriceCents: number;
}

const INSTRUCTORS: DemoInstructor[] = [
  {
    username: 'instructor',
    timeZone: 'America/New_York',
    featured: true,
    headline: 'Latin and ballroom coach — first steps to competition',
    bio:
      'I have taught salsa, bachata and ballroom in New York for twelve years. Private lessons are built ' +
      'around your goals: a wedding dance, social dancing with confidence, or your first competition. ' +
      'Not sure where to start? Book a free 20-minute consultation.',
    styles: ['Latin', 'Ballroom', 'Swing'],
    levels: ['Beginner', 'Intermediate', 'Advanced'],
    ageGroups: ['Teen (13-17)', 'Adult (18+)', 'Senior (55+)'],
    languages: ['English', 'Spanish'],
    teachesInPerson: true,
    city: 'New York',
    state: 'NY',
    zip: '10001',
    hours: [
      [1, '09:00', '12:00'],
      [1, '14:00', '18:00'],
      [2, '09:00', '12:00'],
      [2, '14:00', '17:00'],
      [3, '09:00', '12:00'],
      [3, '14:00', '18:00'],
      [4, '09:00', '12:00'],
      [4, '14:00', '18:00'],
      [5, '09:00', '13:00'],
      [6, '10:00', '14:00'],
    ],
    offWeekday: 3,
    extra: [7, '10:00', '13:00'],
    ids: {
      private: DEMO_SESSION_TYPE_IDS.inesPrivate,
      group: DEMO_SESSION_TYPE_IDS.inesGroup,
      consultation: DEMO_SESSION_TYPE_IDS.inesConsultation,
    },
    groupTitle: 'Salsa basics group class (Tuesdays)',
    groupRule: 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=30',
    groupPriceCents: 2000,
  },
  {
    username: 'lena',
    timeZone: 'Europe/London',
    featured: false,
    headline: 'Contemporary and ballet technique, online from London',
    bio:
      'Former company dancer, now teaching contemporary and ballet technique online. Lessons focus on ' +
      'alignment, musicality and expressive movement, for adult beginners to pre-professional dancers.',
    styles: ['Contemporary', 'Ballet', 'Modern'],
    levels: ['Beginner', 'Intermediate', 'Advanced', 'Professional'],
    ageGroups: ['Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)'],
    languages: ['English', 'French'],
    teachesInPerson: false,
    city: 'London',
    state: 'England',
    zip: 'SE1 9DT',
    hours: [
      [1, '10:00', '13:00'],
      [1, '15:00', '19:00'],
      [2, '10:00', '13:00'],
      [2, '15:00', '19:00'],
      [3, '10:00', '13:00'],
      [4, '10:00', '13:00'],
      [4, '15:00', '18:00'],
    ],
    offWeekday: 2,
    extra: [5, '16:00', '19:00'],
    ids: {
      private: DEMO_SESSION_TYPE_IDS.lenaPrivate,
      group: DEMO_SESSION_TYPE_IDS.lenaGroup,
      consultation: DEMO_SESSION_TYPE_IDS.lenaConsultation,
    },
    groupTitle: 'Contemporary technique class (Thursdays)',
    groupRule: 'FREQ=WEEKLY;BYDAY=TH;BYHOUR=19;BYMINUTE=0',
    groupPriceCents: 2500,
  },
];

/**
 * Connect's demo instructors: Ines (the demo `instructor`, America/New_York, approved and
 * featured) and Lena (`lena`, Europe/London, approved), each with weekly hours, a day off and
 * extra hours next week, a private lesson ($60, 60 min), a weekly group class with 8 seats and a
 * free 20-minute consultation. An instructor whose account is gone is skipped.
 */
export async function seedDemoInstructors(em: EntityManager): Promise<void> {
  await seedDemoAccounts(em, DEMO_INSTRUCTOR_USERS);
  const conn = em.getConnection();
  for (const d of INSTRUCTORS) {
    const [user] = await conn.execute<{ id: string }[]>('select id from users where username_key = ?', [
      d.username,
    ]);
    if (!user) continue;
    // Ines's 10001 (New York) is placed for "in person near"; Lena's London postcode is not a US ZIP.
    const place = lookupZip(d.zip);
    const inserted = await conn.execute<{ user_id: string }[]>(
      `insert into instructor_profiles (user_id, status, featured, headline, bio, styles, levels, age_groups, languages,
         teaches_online, teaches_in_person, city, state, zip, latitude, longitude, time_zone, approved_at)
       values (?, 'approved', ?, ?, ?, array[?]::text[], array[?]::text[], array[?]::text[], array[?]::text[], true, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (user_id) do nothing returning user_id`,
      [
        user.id,
        d.featured,
        d.headline,
        d.bio,
        d.styles,
        d.levels,
        d.ageGroups,
        d.languages,
        d.teachesInPerson,
        d.city,
        d.state,
        d.zip,
        place?.latitude ?? null,
        place?.longitude ?? null,
        d.timeZone,
      ],
    );
    if (!inserted.length) {
      // A demo profile seeded before profiles had coordinates gets those of its ZIP code.
      if (place)
        await conn.execute(
          `update instructor_profiles set latitude = ?, longitude = ?
            where user_id = ? and zip = ? and latitude is null`,
          [place.latitude, place.longitude, user.id, d.zip],
        );
      continue; // the instructor has a profile of their own already
    }
    for (const [weekday, start, end] of d.hours) {
      await conn.execute(
        'insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, ?, ?)',
        [randomUUID(), user.id, weekday, start, end],
      );
    }
    const nextWeek = DateTime.now().setZone(d.timeZone).plus({ weeks: 1 }).startOf('week');
    const offDate = nextWeek.plus({ days: d.offWeekday - 1 }).toISODate();
    const extraDate = nextWeek.plus({ days: d.extra[0] - 1 }).toISODate();
    await conn.execute(
      `insert into availability_overrides (id, instructor_id, date, kind, note) values (?, ?, ?, 'off', 'Day off')`,
      [randomUUID(), user.id, offDate],
    );
    await conn.execute(
      `insert into availability_overrides (id, instructor_id, date, kind, start_time, end_time, note)
       values (?, ?, ?, 'extra', ?, ?, 'Extra hours')`,
      [randomUUID(), user.id, extraDate, d.extra[1], d.extra[2]],
    );
    const types: unknown[][] = [
      [
        d.ids.private,
        'private',
        'Private lesson (60 min)',
        'A one-to-one lesson tailored to you.',
        60,
        6000,
        1,
        null,
      ],
      [
        d.ids.group,
        'group',
        d.groupTitle,
        'A weekly class for up to 8 dancers.',
        60,
        d.groupPriceCents,
        8,
        d.groupRule,
      ],
      [
        d.ids.consultation,
        'consultation',
        'Free 20-minute consultation',
        'Meet me, talk about your goals and find the right lessons.',
        20,
        0,
        1,
        null,
      ],
    ];
    for (const [id, kind, title, description, duration, price, capacity, rule] of types) {
      await conn.execute(
        `insert into session_types (id, instructor_id, kind, title, description, duration_minutes, price_cents, capacity,
           recurrence_rule, location_mode, buffer_after_minutes, min_notice_minutes, horizon_days)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'online', 15, 240, 60) on conflict (id) do nothing`,
        [id, user.id, kind, title, description, duration, price, capacity, rule],
      );
    }
  }
}
