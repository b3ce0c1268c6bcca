import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../storage/create-storage';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ABANDONED_UPLOAD_AGE_MS, pruneAbandonedUploads } from './abandoned-uploads';

let t: TestApp;
let ownerId = '';
const db = () => t.orm.em.fork().getConnection();

/** An upload row with its file on disk, created `ageMs` ago. */
async function upload(opts: { ageMs: number; consumed?: boolean; public?: boolean }): Promise<string> {
  const id = randomUUID();
  const key = opts.public ? `thumbnails/${id}.png` : `pending/${id}`;
  const file = path.join(opts.public ? t.config.uploadsDir : t.config.privateDir, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'bytes');
  await db().execute(
    `insert into uploads (id, owner_id, storage_key, file_name, size_bytes, content_type, kind, public, created_at, consumed_at)
     values (?, ?, ?, 'f', 5, 'application/pdf', ?, ?, ?, ?)`,
    [
      id,
      ownerId,
      key,
      opts.public ? 'image' : 'document',
      opts.public ?? false,
      new Date(Date.now() - opts.ageMs),
      opts.consumed ? new Date() : null,
    ],
  );
  return file;
}

const rowExists = async (file: string) =>
  (
    await db().execute('select 1 from uploads where storage_key = ?', [
      path.basename(path.dirname(file)) + '/' + path.basename(file),
    ])
  ).length > 0;

beforeAll(async () => {
  t = await startTestApp();
  const [row] = await db().execute<{ id: string }[]>(`select id from users where username = 'seller'`);
  ownerId = row.id;
});

afterAll(async () => {
  await t.close();
});

describe('abandoned uploads', () => {
  it('removes uploads no resource claimed within a day, with their files, and keeps the rest', async () => {
    const day = ABANDONED_UPLOAD_AGE_MS;
    const oldPrivate = await upload({ ageMs: day + 60_000 });
    const oldThumbnail = await upload({ ageMs: day + 60_000, public: true });
    const fresh = await upload({ ageMs: 60_000 });
    const consumed = await upload({ ageMs: day * 3, consumed: true });

    expect(await pruneAbandonedUploads(t.orm.em.fork(), storageFor(t.config))).toBe(2);

    expect(fs.existsSync(oldPrivate)).toBe(false);
    expect(fs.existsSync(oldThumbnail)).toBe(false);
    expect(await rowExists(oldPrivate)).toBe(false);
    expect(await rowExists(oldThumbnail)).toBe(false);
    for (const kept of [fresh, consumed]) {
      expect(fs.existsSync(kept)).toBe(true);
      expect(await rowExists(kept)).toBe(true);
    }
    // nothing left to prune
    expect(await pruneAbandonedUploads(t.orm.em.fork(), storageFor(t.config))).toBe(0);
  });
});
