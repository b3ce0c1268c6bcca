import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppStorage } from '../../storage/storage';

/** An upload no resource has claimed after this long is removed with its file. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes uploads that were never attached to a resource and are older than a day, then their
 * files. The rows are claimed by the delete itself (`delete … returning`), so of several servers
 * each file is removed once; an upload being attached at the same moment is locked by that
 * transaction and is kept once it is consumed. Returns how many were removed.
 */
export async function pruneAbandonedUploads(
  em: EntityManager,
  storage: AppStorage,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS);
  const rows = await em
    .getConnection()
    .execute<{ storage_key: string; public: boolean }[]>(
      'delete from uploads where consumed_at is null and created_at < ? returning storage_key, public',
      [cutoff],
    );
  for (const row of rows) {
    await (row.public ? storage.public : storage.private).remove(row.storage_key);
  }
  return rows.length;
}
