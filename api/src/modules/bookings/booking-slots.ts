import type { EntityManager } from '@mikro-orm/postgresql';
import { isBookableStart } from '../instructors';

/**
 * Whether `start` is one of the session type's bookable slots now (instructors/slot-service.ts:
 * hours, overrides, buffers, notice, horizon, daily cap, live bookings, seats), read in the
 * caller's transaction so it sees that transaction's rows.
 */
export async function isSlotOffered(em: EntityManager, sessionTypeId: string, start: Date): Promise<boolean> {
  return (await isBookableStart(em, { sessionTypeId, start })) !== null;
}
