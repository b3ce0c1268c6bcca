import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NAME } from '../users';

/**
 * The certificates module's part of "download my data" and "delete my account" (privacy module, GDPR
 * art. 15/17/20). Certificates are kept (a verifier may hold one's number) but name nobody once the
 * account is deleted.
 */
export async function exportCertificatesData(
  em: EntityManager,
  userId: string,
): Promise<{ certificates: Record<string, unknown>[] }> {
  const certificates = await em.execute<Record<string, unknown>[]>(
    `select number, course_title as "courseTitle", holder_name as "holderName", issued_at as "issuedAt",
       revoked_at as "revokedAt", revoke_reason as "revokeReason"
     from certificates where user_id = ? order by issued_at`,
    [userId],
  );
  return { certificates };
}

/** The person's certificates name "Deleted user", inside the deletion's transaction. */
export async function eraseCertificatesData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`update certificates set holder_name = ? where user_id = ?`, [DELETED_USER_NAME, userId]);
}
