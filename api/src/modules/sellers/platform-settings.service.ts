import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { DEFAULT_FEE_PERCENT, feePercentProblem } from './fee-math';

export const FEE_KEY = 'platformFeePercent';
/** Unpaid booking holds a member may have at once (issue 33). */
export const HOLDS_MAX_KEY = 'bookingHoldsMax';
/** Booking holds a member may start in an hour (issue 33). */
export const HOLDS_PER_HOUR_KEY = 'bookingHoldsPerHour';
export const DEFAULT_HOLDS_MAX = 3;
export const DEFAULT_HOLDS_PER_HOUR = 10;
const HOLDS_MAX_RANGE = [1, 50] as const;
const HOLDS_PER_HOUR_RANGE = [1, 500] as const;

export interface PlatformSettingsShape {
  platformFeePercent: number;
  bookingHoldsMax: number;
  bookingHoldsPerHour: number;
  updatedAt: Date | null;
}

export interface HoldLimits {
  /** Unpaid holds at once. */
  max: number;
  /** Holds started in the last hour. */
  perHour: number;
}

async function readSettings(em: EntityManager): Promise<Map<string, { value: unknown; updated_at: Date }>> {
  const rows = await em.execute<{ key: string; value: unknown; updated_at: Date }[]>(
    'select key, value, updated_at from platform_settings where key in (?, ?, ?)',
    [FEE_KEY, HOLDS_MAX_KEY, HOLDS_PER_HOUR_KEY],
  );
  return new Map(rows.map((r) => [r.key, r]));
}

const numberOr = (row: { value: unknown } | undefined, fallback: number): number => {
  const value = Number(row?.value);
  return row && Number.isFinite(value) ? value : fallback;
};

/** The platform fee in percent, read on the given EntityManager (a caller's transaction too). */
export async function readFeePercent(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ value: unknown }[]>('select value from platform_settings where key = ?', [
    FEE_KEY,
  ]);
  return numberOr(row, DEFAULT_FEE_PERCENT);
}

/** The booking-hold limits (defaults 3 at once, 10 an hour), read on the given EntityManager. */
export async function readHoldLimits(em: EntityManager): Promise<HoldLimits> {
  const settings = await readSettings(em);
  return {
    max: numberOr(settings.get(HOLDS_MAX_KEY), DEFAULT_HOLDS_MAX),
    perHour: numberOr(settings.get(HOLDS_PER_HOUR_KEY), DEFAULT_HOLDS_PER_HOUR),
  };
}

function checkWhole(value: number, field: string, [min, max]: readonly [number, number], what: string) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new DomainError('INVALID_INPUT', `${what} must be a whole number from ${min} to ${max}`, field);
  }
}

/** Platform-wide settings: read by staff, changed by admins. */
export class PlatformSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(): Promise<PlatformSettingsShape> {
    const settings = await readSettings(this.em);
    const fee = settings.get(FEE_KEY);
    return {
      platformFeePercent: numberOr(fee, DEFAULT_FEE_PERCENT),
      bookingHoldsMax: numberOr(settings.get(HOLDS_MAX_KEY), DEFAULT_HOLDS_MAX),
      bookingHoldsPerHour: numberOr(settings.get(HOLDS_PER_HOUR_KEY), DEFAULT_HOLDS_PER_HOUR),
      updatedAt: fee ? new Date(fee.updated_at) : null,
    };
  }

  /** Sets the settings given (a field left out or null keeps its value). */
  async update(input: {
    platformFeePercent?: number | null;
    bookingHoldsMax?: number | null;
    bookingHoldsPerHour?: number | null;
  }): Promise<PlatformSettingsShape> {
    const changes: [string, number][] = [];
    if (input.platformFeePercent != null) {
      const problem = feePercentProblem(input.platformFeePercent);
      if (problem) throw new DomainError('INVALID_INPUT', problem, 'platformFeePercent');
      changes.push([FEE_KEY, Math.round(input.platformFeePercent * 100) / 100]);
    }
    if (input.bookingHoldsMax != null) {
      checkWhole(input.bookingHoldsMax, 'bookingHoldsMax', HOLDS_MAX_RANGE, 'Unpaid holds at once');
      changes.push([HOLDS_MAX_KEY, input.bookingHoldsMax]);
    }
    if (input.bookingHoldsPerHour != null) {
      checkWhole(input.bookingHoldsPerHour, 'bookingHoldsPerHour', HOLDS_PER_HOUR_RANGE, 'Holds an hour');
      changes.push([HOLDS_PER_HOUR_KEY, input.bookingHoldsPerHour]);
    }
    await this.em.transactional(async (tem) => {
      for (const [key, value] of changes) {
        await tem.execute(
          `insert into platform_settings (key, value, updated_at) values (?, ?::jsonb, now())
           on conflict (key) do update set value = excluded.value, updated_at = now()`,
          [key, JSON.stringify(value)],
        );
      }
    });
    return this.get();
  }
}
