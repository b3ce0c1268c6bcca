import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Counts what the account flows allow per key over a sliding hour (a reset asked for from one
 * address, a verification mail sent for one account …), in PostgreSQL so every process and machine
 * shares the count. Like the registration throttle: a transaction-scoped advisory lock per key, so of
 * a parallel burst exactly `limit` get through. Returns false (nothing recorded) once the hour's
 * limit is used up.
 */
export async function admitHourly(em: EntityManager, key: string, limit: number): Promise<boolean> {
  const k = key.slice(0, 200);
  return em.transactional(async (tem) => {
    await tem.execute('select pg_advisory_xact_lock(hashtext(?))', [`account-throttle:${k}`]);
    const [{ n }] = await tem.execute<{ n: number }[]>(
      `select count(*)::int as n from account_throttle_events where key = ? and created_at > now() - interval '1 hour'`,
      [k],
    );
    if (n >= limit) return false;
    await tem.execute('insert into account_throttle_events (key) values (?)', [k]);
    return true;
  });
}

/** Housekeeping: forget what is older than the hour. */
export async function pruneHourlyThrottle(em: EntityManager): Promise<number> {
  const rows: unknown[] = await em
    .getConnection()
    .execute(`delete from account_throttle_events where created_at < now() - interval '1 hour' returning id`);
  return rows.length;
}
