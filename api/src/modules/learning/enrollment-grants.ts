import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { EnrollmentSource } from './enrollment.entity';

export interface EnrollmentGrant {
  userId: string;
  courseId: string;
  /** Why the learner has the course (`store`: bought in the shop, `shop/store-entitlements.ts`). */
  source: EnrollmentSource | 'store';
  /** When it was granted (an order's payment time); now by default. */
  at?: Date;
  /** Also take over an enrollment that is open only through the membership (the store's purchase). */
  overMembership?: boolean;
}

/**
 * Enrolls the learner in the course, or gives back access a refund closed (one conditional upsert,
 * in the caller's transaction): true when the enrollment is new or was closed. An open enrollment is
 * left as it is — with `overMembership`, unless it is open only through the membership, which the
 * new source then takes over. The caller reports the enrollment and reinstates certificates.
 */
export async function grantEnrollment(em: EntityManager, grant: EnrollmentGrant): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into enrollments (id, user_id, course_id, source, created_at)
     values (?, ?, ?, ?, coalesce(?::timestamptz, clock_timestamp()))
     on conflict (user_id, course_id) do update set access_revoked_at = null, source = excluded.source
       where enrollments.access_revoked_at is not null${
         grant.overMembership ? " or enrollments.source = 'membership'" : ''
       }
     returning id`,
    [randomUUID(), grant.userId, grant.courseId, grant.source, grant.at ?? null],
  );
  return rows.length > 0;
}
