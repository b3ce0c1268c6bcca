import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { admitHourly, recordSecurityEvent } from '../account';
import { type BookingsService, liveClientBookings, upcomingClientBookings } from '../bookings';
import type { Storage } from '../../storage/storage';
import { lockLiveUser, type User } from '../users';
import { anonymiseAccount } from './account-anonymise';
import { deletionRefusal, REFUSE_LIVE_BOOKINGS } from './deletion-refusals';
import { mailAccountDeleted } from './privacy-mail';
import { type AccountProofInput, provenAccount, type RelyingParty } from '../passkeys';

/** Deletion attempts (each a password check) one account may make in an hour. */
export const DELETIONS_PER_HOUR = 5;
export const DELETIONS_THROTTLED =
  'Too many attempts to delete your account in the last hour. Please try again later.';
/** Why the member's upcoming bookings were cancelled (the instructor sees it). */
export const DELETION_CANCEL_REASON = 'The client deleted their DRX account.';

/**
 * "Delete my account" (GDPR art. 17). The current password proves it is the owner. Refused with a
 * reason (nothing changed) for the last admin, an instructor with lessons to come, a seller with a
 * balance, or a membership that still renews. The member's own upcoming bookings are first
 * cancelled through the bookings module's cancel path (its refund policy, the instructor told).
 * Then one transaction locks the account row, asks the refusals again, anonymises everything
 * (account-anonymise.ts), signs the account out everywhere, records the security event (no
 * personal data) and writes the last mail to the address it had. The caller ends this request's
 * session.
 */
export async function deleteAccount(
  em: EntityManager,
  bookings: BookingsService,
  user: User,
  proof: AccountProofInput & { sessionId: string; rp: RelyingParty },
  publicUrl: string,
): Promise<void> {
  if (!(await admitHourly(em, `account-delete:user:${user.id}`, DELETIONS_PER_HOUR))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', DELETIONS_THROTTLED);
  }
  const account = await provenAccount(em, { userId: user.id, sessionId: proof.sessionId }, proof, proof.rp);
  const early = await deletionRefusal(em, user.id);
  if (early) throw new DomainError('CONFLICT', early);

  for (const bookingId of await upcomingClientBookings(em, user.id)) {
    try {
      await bookings.cancel(account, bookingId, DELETION_CANCEL_REASON);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Already ended meanwhile: the check inside the transaction decides.
    }
  }

  const before = {
    email: account.email ?? null,
    username: account.username,
    displayName: account.displayName,
  };
  await em.transactional(async (tem) => {
    if (!(await lockLiveUser(tem, user.id)))
      throw new DomainError('NOT_FOUND', 'This account was already deleted.');
    // Two admins deleting themselves at once: one after the other, so one admin always remains.
    await tem.execute(`select pg_advisory_xact_lock(hashtext('privacy:account-deletion:admins'))`);
    const refusal = await deletionRefusal(tem, user.id);
    if (refusal) throw new DomainError('CONFLICT', refusal);
    if ((await liveClientBookings(tem, user.id)) > 0) throw new DomainError('CONFLICT', REFUSE_LIVE_BOOKINGS);
    await anonymiseAccount(tem, user.id);
    // Without the address or browser it came from: the account's events keep kinds and times only.
    await recordSecurityEvent(tem, user.id, 'account_deleted', { ip: null, userAgent: null });
    if (before.email) await mailAccountDeleted(tem, before.email, before, publicUrl);
  });
}

/**
 * After the deletion committed: the picture the person uploaded leaves the public area too (a
 * seeded picture under /images is not theirs to remove). Best effort: the account no longer
 * points at it either way.
 */
export async function removeUploadedAvatar(storage: Storage, url: string | null): Promise<void> {
  const key = url ? storage.keyOfPublicUrl(url) : null;
  if (key?.startsWith('profiles/')) await storage.remove(key).catch(() => undefined);
}
