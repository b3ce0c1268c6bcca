import type { EntityManager } from '@mikro-orm/postgresql';
import { courseAccessSql } from './course-access-sql';

/** The revoke reason of a certificate whose course access a refund took away. */
export const REFUND_REVOKE_REASON = 'refunded';

/**
 * Called inside a refund's transaction, after the refund took its course access away: revokes
 * (reason "refunded") the user's valid certificates of those courses that the user no longer has
 * access to — no enrollment that still opens the course (the learning module's SQL, registered at
 * load: course-access-sql.ts; the refund's own decision on its enrollments: access kept through another paid order, a free or a granted
 * enrollment keeps the certificate too). Returns the ids of the revoked certificates.
 */
export async function revokeCertificatesForRefund(
  em: EntityManager,
  userId: string,
  courseIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(courseIds)];
  if (ids.length === 0) return [];
  const rows = await em.execute<{ id: string }[]>(
    `update certificates c set revoked_at = ?, revoke_reason = ?
      where c.user_id = ? and c.course_id in (${ids.map(() => '?').join(', ')}) and c.revoked_at is null
        and not ${courseAccessSql('c.user_id', 'c.course_id')}
      returning c.id`,
    [new Date(), REFUND_REVOKE_REASON, userId, ...ids],
  );
  return rows.map((r) => r.id);
}

/**
 * Called where course access opens again (a purchase's fulfilment, an enrolment or a staff grant):
 * the user's certificates of those courses that a refund revoked are valid again (the learner earned
 * them; only the access had gone). Certificates revoked for any other reason, or reissued, stay as
 * they are. Returns the ids of the reinstated certificates.
 */
export async function reinstateCertificatesAfterRefund(
  em: EntityManager,
  userId: string,
  courseIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(courseIds)];
  if (ids.length === 0) return [];
  const rows = await em.execute<{ id: string }[]>(
    `update certificates c set revoked_at = null, revoke_reason = null
      where c.user_id = ? and c.course_id in (${ids.map(() => '?').join(', ')})
        and c.revoke_reason = ? and c.replaced_by_id is null
      returning c.id`,
    [userId, ...ids, REFUND_REVOKE_REASON],
  );
  return rows.map((r) => r.id);
}
