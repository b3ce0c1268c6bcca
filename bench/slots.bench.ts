/**
 * Slot generation benchmark (issue 11): `generateSlots` for a 90-day window of an instructor with
 * 500 existing bookings as busy intervals. Pure computation, no database.
 *
 *   node -r @swc-node/register bench/slots.bench.ts            # from the repository root
 *   node -r @swc-node/register bench/slots.bench.ts --runs 2000 --bookings 500 --days 90
 *
 * `buildSlotsScenario` and `benchSlots` are exported so a database-backed bench can build the same
 * instructor (hours, overrides, bookings) and compare.
 */
import { performance } from 'node:perf_hooks';
import { occurrences } from '../api/src/modules/scheduling/recurrence';
import {
  dayKey,
  generateSlots,
  type BusyInterval,
  type DateOverride,
  type GenerateSlotsArgs,
  type WeeklyRange,
} from '../api/src/modules/scheduling/slot-generation';
import { addDays, localDate, zonedInstant } from '../api/src/modules/scheduling/zoned-time';

export interface SlotsScenarioOptions {
  bookings?: number;
  days?: number;
  timeZone?: string;
  /** The bench's "now"; the window is [now, now + days). Default 2027-03-01T12:00Z (crosses DST). */
  now?: Date;
  seed?: number;
}

export interface SlotsScenario {
  args: GenerateSlotsArgs;
  /** The bookings as the database would hold them: start, end (not widened). */
  bookings: { start: Date; end: Date }[];
  weekly: WeeklyRange[];
  overrides: DateOverride[];
  groupClassRule: string;
}

function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An instructor in New York: Mon–Fri 08:00–12:00 and 13:00–20:00, Sat 09:00–14:00; 60-minute
 * lessons every 15 minutes, buffers 15/15, notice 2 h, horizon 120 days, no daily cap;
 * 10 days off, 5 afternoons off, 5 extra evenings; `bookings` 60-minute bookings on the 15-minute
 * grid inside the hours (non-overlapping, as the database guarantees), and the busy intervals of a
 * weekly group class.
 */
export function buildSlotsScenario(options: SlotsScenarioOptions = {}): SlotsScenario {
  const timeZone = options.timeZone ?? 'America/New_York';
  const days = options.days ?? 90;
  const bookingCount = options.bookings ?? 500;
  const now = options.now ?? new Date('2027-03-01T12:00:00Z');
  const rnd = prng(options.seed ?? 11);
  const weekly: WeeklyRange[] = [];
  for (let wd = 1; wd <= 5; wd++) {
    weekly.push({ weekday: wd, start: '08:00', end: '12:00' }, { weekday: wd, start: '13:00', end: '20:00' });
  }
  weekly.push({ weekday: 6, start: '09:00', end: '14:00' });
  const firstDate = localDate(now, timeZone);
  const overrides: DateOverride[] = [];
  for (let i = 0; i < 10; i++)
    overrides.push({ date: addDays(firstDate, 3 + i * 8), kind: 'off', start: null, end: null });
  for (let i = 0; i < 5; i++)
    overrides.push({ date: addDays(firstDate, 5 + i * 17), kind: 'off', start: '13:00', end: '17:00' });
  for (let i = 0; i < 5; i++)
    overrides.push({ date: addDays(firstDate, 6 + i * 13), kind: 'extra', start: '20:00', end: '22:00' });

  const bufferBefore = 15;
  const bufferAfter = 15;
  const taken: [number, number][] = [];
  const bookings: { start: Date; end: Date }[] = [];
  let attempts = 0;
  while (bookings.length < bookingCount && attempts++ < bookingCount * 200) {
    const date = addDays(firstDate, Math.floor(rnd() * days));
    const minute = 8 * 60 + Math.floor(rnd() * 44) * 15; // 08:00 … 18:45
    const start = zonedInstant(date, minute, timeZone);
    if (!start) continue;
    const s = start.getTime() - bufferBefore * 60_000;
    const e = start.getTime() + (60 + bufferAfter) * 60_000;
    if (taken.some(([a, b]) => a < e && b > s)) continue;
    taken.push([s, e]);
    bookings.push({ start, end: new Date(start.getTime() + 60 * 60_000) });
  }
  const to = new Date(now.getTime() + days * 86_400_000);
  const groupClassRule = 'FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=18;BYMINUTE=0';
  const busy: BusyInterval[] = bookings.map((b) => ({
    start: new Date(b.start.getTime() - bufferBefore * 60_000),
    end: new Date(b.end.getTime() + bufferAfter * 60_000),
  }));
  const bookingsPerDay = new Map<string, number>();
  for (const b of bookings) {
    const key = dayKey(b.start, timeZone);
    bookingsPerDay.set(key, (bookingsPerDay.get(key) ?? 0) + 1);
  }
  return {
    args: {
      rules: {
        timeZone,
        durationMinutes: 60,
        bufferBeforeMinutes: bufferBefore,
        bufferAfterMinutes: bufferAfter,
        minNoticeMinutes: 120,
        horizonDays: 120,
        maxPerDay: null, // no cap: every day of the window is walked (a cap only skips days)
      },
      weekly,
      overrides,
      busy,
      bookingsPerDay,
      from: now,
      to,
      now,
    },
    bookings,
    weekly,
    overrides,
    groupClassRule,
  };
}

export interface BenchStats {
  runs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  slots: number;
}

function stats(times: number[], slots: number): BenchStats {
  const sorted = times.slice().sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    runs: times.length,
    medianMs: round(q(0.5)),
    p95Ms: round(q(0.95)),
    minMs: round(sorted[0]),
    maxMs: round(sorted[sorted.length - 1]),
    slots,
  };
}

/**
 * Times `fn` `runs` times after `warmup` unmeasured calls (V8 optimizes hot functions after a
 * while; the first calls would measure the interpreter).
 */
export function timeRuns(fn: () => number, runs = 1000, warmup = 100): BenchStats {
  let slots = 0;
  for (let i = 0; i < warmup; i++) slots = fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    slots = fn();
    times.push(performance.now() - t0);
  }
  return stats(times, slots);
}

/** The two measurements: `generateSlots` alone, and with the group class's occurrences expanded
 * into busy intervals first (what a private-lesson slot query of an instructor with a class does). */
export function benchSlots(options: SlotsScenarioOptions & { runs?: number; warmup?: number } = {}) {
  const scenario = buildSlotsScenario(options);
  const { args } = scenario;
  const slotsOnly = timeRuns(() => generateSlots(args).length, options.runs, options.warmup);
  const withClass = timeRuns(
    () => {
      const classBusy = occurrences(scenario.groupClassRule, args.rules.timeZone, 90, args.from, args.to).map(
        (o) => ({
          start: o.start,
          end: o.end,
        }),
      );
      return generateSlots({ ...args, busy: args.busy.concat(classBusy) }).length;
    },
    options.runs,
    options.warmup,
  );
  return { bookings: scenario.bookings.length, days: options.days ?? 90, slotsOnly, withClass };
}

if (require.main === module) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = benchSlots({
    runs: arg('runs', 1000),
    warmup: arg('warmup', 100),
    bookings: arg('bookings', 500),
    days: arg('days', 90),
  });
  console.log(JSON.stringify({ node: process.version, ...result }, null, 2));
  const target = 50;
  const ok = result.slotsOnly.p95Ms < target && result.withClass.p95Ms < target;
  console.log(ok ? `OK: p95 under ${target} ms` : `SLOW: p95 at or over ${target} ms`);
  process.exitCode = ok ? 0 : 1;
}
