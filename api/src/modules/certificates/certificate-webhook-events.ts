import type { EntityManager } from '@mikro-orm/postgresql';
import { emitWebhookEvent, payloadTime } from '../webhooks';

// The certificates module’s webhook events (their payloads' shape: docs/api.md, Webhooks),
// queued by the webhooks module. Each is called inside the transaction of the change it reports
// and reads what it sends there (only when an endpoint listens).

/** `certificate.issued` (on completion, by hand, or a reissue replacing `replacesId`). */
export function emitCertificateIssued(em: EntityManager, certificateId: string) {
  return emitWebhookEvent(em, 'certificate.issued', `certificate:${certificateId}`, async () => {
    const [c] = await em.execute(
      `select c.id, c.number, c.user_id, c.course_id, c.course_title, c.holder_name, c.issued_at,
         (select o.id from certificates o where o.replaced_by_id = c.id limit 1) as replaces_id
       from certificates c where c.id = ?`,
      [certificateId],
    );
    if (!c) return null;
    return {
      id: c.id,
      number: c.number,
      userId: c.user_id,
      courseId: c.course_id,
      courseTitle: c.course_title,
      holderName: c.holder_name,
      issuedAt: payloadTime(c.issued_at),
      replacesId: c.replaces_id,
    };
  });
}
