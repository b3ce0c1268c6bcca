import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { DEFAULT_FEE_PERCENT, feePercentProblem } from './fee-math';

export const FEE_KEY = 'platformFeePercent';

export interface PlatformSettingsShape {
  platformFeePercent: number;
  updatedAt: Date | null;
}

/** The platform fee in percent, read on the given EntityManager (a caller's transaction too). */
export async function readFeePercent(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ value: unknown }[]>('select value from platform_settings where key = ?', [
    FEE_KEY,
  ]);
  const value = Number(row?.value);
  return row && Number.isFinite(value) ? value : DEFAULT_FEE_PERCENT;
}

/** Platform-wide settings: read by staff, changed by admins. */
export class PlatformSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(): Promise<PlatformSettingsShape> {
    const [row] = await this.em.execute<{ value: unknown; updated_at: Date }[]>(
      'select value, updated_at from platform_settings where key = ?',
      [FEE_KEY],
    );
    const value = Number(row?.value);
    return {
      platformFeePercent: row && Number.isFinite(value) ? value : DEFAULT_FEE_PERCENT,
      updatedAt: row ? new Date(row.updated_at) : null,
    };
  }

  async update(input: { platformFeePercent: number }): Promise<PlatformSettingsShape> {
    const problem = feePercentProblem(input.platformFeePercent);
    if (problem) throw new DomainError('INVALID_INPUT', problem, 'platformFeePercent');
    const value = Math.round(input.platformFeePercent * 100) / 100;
    await this.em.execute(
      `insert into platform_settings (key, value, updated_at) values (?, ?::jsonb, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [FEE_KEY, JSON.stringify(value)],
    );
    return this.get();
  }
}
