import type { EntityManager } from '@mikro-orm/postgresql';
import { hasRenewingMembership } from '../memberships';
import { unpaidEarningsCents } from '../sellers';
import { isLastAdmin } from '../users';

/**
 * Why an account cannot be deleted yet, or null. Read inside the deletion's transaction after the
 * account's row is locked FOR UPDATE: a booking, an earning or a role change that references the
 * account waits for that lock (its foreign key takes KEY SHARE), so what these queries see is
 * what the deletion acts on. Also asked once before it, to refuse early with the same words.
 */
export const REFUSE_LAST_ADMIN =
  'You are the last admin. Make another account an admin before deleting yours.';
export const REFUSE_INSTRUCTOR_BOOKINGS =
  'You have upcoming lessons as an instructor. Cancel them (or let them take place) before deleting your account.';
export const REFUSE_SELLER_BALANCE =
  'Your store still holds a balance from sales. Your account can be deleted once it has been paid out.';
export const REFUSE_MEMBERSHIP =
  'Your membership still renews. Cancel it on the membership page before deleting your account.';
export const REFUSE_LIVE_BOOKINGS =
  'You have a booking that is being paid for or could not be cancelled. Try again in a few minutes.';

const one = async (em: EntityManager, sql: string, params: unknown[]) =>
  (await em.execute<{ n: number }[]>(sql, params))[0]?.n ?? 0;

export async function deletionRefusal(em: EntityManager, userId: string): Promise<string | null> {
  if (await isLastAdmin(em, userId)) return REFUSE_LAST_ADMIN;
  const teaching = await one(
    em,
    `select count(*)::int as n from bookings
     where instructor_id = ? and status in ('held', 'requested', 'confirmed') and ends_at > now()`,
    [userId],
  );
  if (teaching > 0) return REFUSE_INSTRUCTOR_BOOKINGS;
  // The balance the seller dashboard shows (sellers module).
  if ((await unpaidEarningsCents(em, userId)) > 0) return REFUSE_SELLER_BALANCE;
  if (await hasRenewingMembership(em, userId)) return REFUSE_MEMBERSHIP;
  return null;
}

/** The member's bookings still to come that the cancel path can end (requested or confirmed). */
export async function upcomingClientBookings(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from bookings where client_id = ? and status in ('requested', 'confirmed') and starts_at > now()
     order by starts_at`,
    [userId],
  );
  return rows.map((r) => r.id);
}

/** Any booking of the member still live and to come (held in checkout, or one that was not cancelled). */
export async function liveClientBookings(em: EntityManager, userId: string): Promise<number> {
  return one(
    em,
    `select count(*)::int as n from bookings
     where client_id = ? and status in ('held', 'requested', 'confirmed') and starts_at > now()`,
    [userId],
  );
}
