import type { EntityManager } from '@mikro-orm/postgresql';
import { isBookableStart } from '../instructors/slot-service';

/**
 * An EntityManager whose `getConnection().execute` runs in `em`'s transaction: the slot service
 * reads with `em.getConnection().execute(sql, params)`, which on its own takes another pooled
 * connection outside the transaction — it would not see the transaction's rows (a reschedule's
 * own booking set aside), and 50 transactions waiting on the instructor's lock would hold every
 * pooled connection while the lock holder waits for one more.
 */
function inTransaction(em: EntityManager): EntityManager {
  const ctx = em.getTransactionContext();
  if (!ctx) return em;
  const connection = em.getConnection();
  const bound = new Proxy(connection, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return (query: unknown, params?: unknown[], method?: 'all' | 'get' | 'run', txCtx?: unknown) =>
          (target.execute as (...args: unknown[]) => unknown)(
            query,
            params ?? [],
            method ?? 'all',
            txCtx ?? ctx,
          );
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Proxy(em, {
    get(target, prop, receiver) {
      if (prop === 'getConnection') return () => bound;
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Whether `start` is one of the session type's bookable slots now (instructors/slot-service.ts:
 * hours, overrides, buffers, notice, horizon, daily cap, live bookings, seats), read in the
 * caller's transaction so it sees that transaction's rows.
 */
export async function isSlotOffered(em: EntityManager, sessionTypeId: string, start: Date): Promise<boolean> {
  return (await isBookableStart(inTransaction(em), { sessionTypeId, start })) !== null;
}
