import type { EntityManager } from '@mikro-orm/postgresql';
import { upcomingInstructorBookingCount } from '../bookings';
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

export async function deletionRefusal(em: EntityManager, userId: string): Promise<string | null> {
  if (await isLastAdmin(em, userId)) return REFUSE_LAST_ADMIN;
  if ((await upcomingInstructorBookingCount(em, userId)) > 0) return REFUSE_INSTRUCTOR_BOOKINGS;
  // The balance the seller dashboard shows (sellers module).
  if ((await unpaidEarningsCents(em, userId)) > 0) return REFUSE_SELLER_BALANCE;
  if (await hasRenewingMembership(em, userId)) return REFUSE_MEMBERSHIP;
  return null;
}
