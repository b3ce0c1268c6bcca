import type { EntityManager } from '@mikro-orm/postgresql';

export const DEFAULT_GRACE_DAYS = 7;
export const MAX_GRACE_DAYS = 60;

/** Days a past_due member keeps benefits after a failed payment (an admin setting, default 7). */
export async function graceDays(em: EntityManager): Promise<number> {
  const rows = await em
    .getConnection()
    .execute<{ value: unknown }[]>(
      `select value from app_settings where key = 'membership.graceDays'`,
      [],
      'all',
      em.getTransactionContext(),
    );
  const value = Number(rows[0]?.value);
  return Number.isInteger(value) && value >= 0 && value <= MAX_GRACE_DAYS ? value : DEFAULT_GRACE_DAYS;
}

export async function setGraceDays(em: EntityManager, days: number): Promise<void> {
  await em.getConnection().execute(
    `insert into app_settings (key, value, updated_at) values ('membership.graceDays', ?::jsonb, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify(days)],
    'run',
    em.getTransactionContext(),
  );
}
