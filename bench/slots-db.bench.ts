/**
 * Slots through the database (issue 11): `bookableSlots` — the function behind `instructorSlots`,
 * `GET /api/instructors/{id}/slots` and every booking's check — for a 90-day window of an
 * instructor with 500 confirmed bookings, on a fresh database of the local PostgreSQL server.
 * The instructor is `buildSlotsScenario`'s (slots.bench.ts): the same hours, overrides and bookings.
 *
 *   SWC_NODE_PROJECT=api/tsconfig.json node -r @swc-node/register bench/slots-db.bench.ts
 *   SWC_NODE_PROJECT=api/tsconfig.json node -r @swc-node/register bench/slots-db.bench.ts --runs 300
 *   TEST_DATABASE_URL=postgresql://… node -r @swc-node/register bench/slots-db.bench.ts
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../api/src/db/database';
import { bookableSlots } from '../api/src/modules/instructors/slot-service';
import { createTestDatabase } from '../api/src/test/database';
import { buildSlotsScenario } from './slots.bench';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' },
    bookings: { type: 'string', default: '500' },
    days: { type: 'string', default: '90' },
  },
});
const runs = Number(values.runs);
const days = Number(values.days);
const scenario = buildSlotsScenario({ bookings: Number(values.bookings), days });
const { rules, from, to, now } = scenario.args;

async function main() {
  const db = await createTestDatabase();
  const orm = await openDatabase(db.url, { seed: false, silent: true });
  try {
    const sql = orm.em.getConnection();
    const instructorId = randomUUID();
    const clientId = randomUUID();
    for (const [id, name, role] of [
      [instructorId, 'bench_instructor', 'instructor'],
      [clientId, 'bench_client', 'user'],
    ]) {
      await sql.execute(
        `insert into users (id, username, username_key, password_hash, role, roles, first_name, last_name)
         values (?, ?, ?, 'x', ?, ?, 'Bench', 'User')`,
        [id, name, name, role, `{${role}}`],
      );
    }
    await sql.execute(
      `insert into instructor_profiles (user_id, status, time_zone, min_notice_minutes, horizon_days)
       values (?, 'approved', ?, ?, ?)`,
      [instructorId, rules.timeZone, rules.minNoticeMinutes, rules.horizonDays],
    );
    const typeId = randomUUID();
    await sql.execute(
      `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents,
         buffer_before_minutes, buffer_after_minutes, min_notice_minutes, horizon_days)
       values (?, ?, 'private', 'Private lesson', ?, 6000, ?, ?, ?, ?)`,
      [
        typeId,
        instructorId,
        rules.durationMinutes,
        rules.bufferBeforeMinutes,
        rules.bufferAfterMinutes,
        rules.minNoticeMinutes,
        rules.horizonDays,
      ],
    );
    for (const r of scenario.weekly) {
      await sql.execute(
        `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, ?, ?)`,
        [randomUUID(), instructorId, r.weekday, r.start, r.end],
      );
    }
    for (const o of scenario.overrides) {
      await sql.execute(
        `insert into availability_overrides (id, instructor_id, date, kind, start_time, end_time)
         values (?, ?, ?, ?, ?, ?)`,
        [randomUUID(), instructorId, o.date, o.kind, o.start, o.end],
      );
    }
    const minute = 60_000;
    for (const b of scenario.bookings) {
      const blockedFrom = new Date(b.start.getTime() - rules.bufferBeforeMinutes * minute);
      const blockedTo = new Date(b.end.getTime() + rules.bufferAfterMinutes * minute);
      await sql.execute(
        `insert into bookings (id, session_type_id, instructor_id, client_id, kind, title, starts_at, ends_at,
           blocked, time_zone, client_time_zone, status, price_cents, cancel_free_hours, late_cancel_fee_percent)
         values (?, ?, ?, ?, 'private', 'Private lesson', ?, ?, tstzrange(?, ?, '[)'), ?, ?, 'confirmed', 6000, 24, 50)`,
        [
          randomUUID(),
          typeId,
          instructorId,
          clientId,
          b.start,
          b.end,
          blockedFrom,
          blockedTo,
          rules.timeZone,
          rules.timeZone,
        ],
      );
    }
    await sql.execute('analyze');

    const times: number[] = [];
    let slots = 0;
    for (let i = 0; i < runs + 20; i++) {
      const em = orm.em.fork();
      const t0 = performance.now();
      const result = await bookableSlots(em, { sessionTypeId: typeId, from, to, now });
      const ms = performance.now() - t0;
      if (i >= 20) times.push(ms); // the first 20 warm up V8 and the connection pool
      slots = result.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    console.log(
      JSON.stringify(
        {
          bench: 'bookableSlots (database)',
          days,
          bookings: scenario.bookings.length,
          runs,
          slots,
          medianMs: +at(0.5).toFixed(2),
          p95Ms: +at(0.95).toFixed(2),
          maxMs: +times[times.length - 1].toFixed(2),
        },
        null,
        2,
      ),
    );
  } finally {
    await orm.close(true);
    await db.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
