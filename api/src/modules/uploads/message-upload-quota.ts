import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { formatLimit, MESSAGE_UPLOAD_QUOTA_BYTES } from './upload-limits';

export const MESSAGE_QUOTA_EXCEEDED = `You can upload ${formatLimit(MESSAGE_UPLOAD_QUOTA_BYTES)} of message attachments a day. Try again tomorrow or send smaller files.`;

/**
 * The daily quota of message attachments (`POST /api/upload?purpose=message`), counted in the
 * database inside the upload's transaction: it takes the uploader's advisory lock (held until the
 * transaction ends, so two concurrent uploads of one user cannot both pass the last free bytes, in
 * one process or many), then sums the sizes of their message uploads of the last 24 hours, used or
 * not. RATE_LIMITED (429) when `bytes` more would go over MESSAGE_UPLOAD_QUOTA_BYTES.
 */
export async function assertMessageUploadQuota(
  em: EntityManager,
  userId: string,
  bytes: number,
): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`uploads:${userId}`]);
  const [row] = await em.execute<{ used: string }[]>(
    `select coalesce(sum(size_bytes), 0)::text as used from uploads
      where owner_id = ? and purpose = 'message' and created_at > clock_timestamp() - interval '24 hours'`,
    [userId],
  );
  if (Number(row.used) + bytes > MESSAGE_UPLOAD_QUOTA_BYTES) {
    throw new DomainError('RATE_LIMITED', MESSAGE_QUOTA_EXCEEDED, 'files');
  }
}
