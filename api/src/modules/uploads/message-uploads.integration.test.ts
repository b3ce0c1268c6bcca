import fs from 'node:fs';
import path from 'node:path';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { MESSAGE_QUOTA_EXCEEDED } from './message-upload-quota';
import { MESSAGE_UPLOAD_QUOTA_BYTES } from './upload-limits';
import { uploadTempRoot } from './upload.route';

/** POST /api/upload?purpose=message: what members may upload as message attachments. */

type Agent = ReturnType<typeof request.agent>;

const json = { 'content-type': 'application/json' };
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const MB = 1024 * 1024;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(32, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4, 1),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 1),
]);
const ZIP = Buffer.concat([
  Buffer.from('504b0304', 'hex'),
  Buffer.alloc(40, 0),
  Buffer.from('504b0506', 'hex'),
]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(40, 0)]);
const TEXT = Buffer.from('Just some notes\nabout the lesson\n');

let t: TestApp;
let member: { agent: Agent; id: string };
let seller: { agent: Agent; id: string };

const db = () => t.orm.em.fork().getConnection();
const upload = (agent: Agent) => agent.post('/api/upload?purpose=message').set(XHR);

async function login(username: string): Promise<{ agent: Agent; id: string }> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: 'drx-demo-2026' });
  expect(res.status).toBe(200);
  const [row] = await db().execute<{ id: string }[]>('select id from users where username_key = ?', [
    username,
  ]);
  return { agent, id: row.id };
}

/** Everything an upload could leave behind: temporary files, private files and rows. */
async function stored() {
  const listing = (dir: string) =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : [];
  const [row] = await db().execute<{ n: number }[]>('select count(*)::int as n from uploads');
  return {
    temp: listing(uploadTempRoot(t.config.dataDir)),
    private: listing(path.join(t.config.privateDir, 'pending')),
    rows: row.n,
  };
}

/** Earlier uploads of `userId` taking `bytes` (rows only, as the quota counts them). */
async function usedBefore(userId: string, bytes: number, purpose = 'message', hoursAgo = 1): Promise<void> {
  await db().execute(
    `insert into uploads (id, owner_id, storage_key, file_name, size_bytes, content_type, kind, public, purpose, created_at)
     values (gen_random_uuid(), ?, 'pending/earlier', 'earlier.pdf', ?, 'application/pdf', 'document', false, ?,
             now() - make_interval(hours => ?))`,
    [userId, bytes, purpose, hoursAgo],
  );
}

async function forget(userId: string): Promise<void> {
  await db().execute(`delete from uploads where owner_id = ?`, [userId]);
}

beforeAll(async () => {
  t = await startTestApp();
  member = await login('member');
  seller = await login('seller');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/upload?purpose=message', () => {
  it('takes images (JPEG, PNG, GIF, WebP) and PDFs from any member, marked as message uploads', async () => {
    let req = upload(member.agent);
    for (const [file, name] of [
      [JPEG, 'photo.jpg'],
      [PNG, 'turn.png'],
      [GIF, 'move.gif'],
      [WEBP, 'pose.webp'],
      [PDF, 'plan.pdf'],
    ] as const) {
      req = req.attach('files', file, { filename: name });
    }
    const res = await req;
    expect(res.status).toBe(201);
    expect(res.body.files.map((f: { contentType: string }) => f.contentType)).toEqual([
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'application/pdf',
    ]);
    const rows = await db().execute<{ purpose: string }[]>(
      `select purpose from uploads where id = any(string_to_array(?, ',')::uuid[])`,
      [res.body.files.map((f: { uploadId: string }) => f.uploadId).join(',')],
    );
    expect(rows.map((r) => r.purpose)).toEqual(Array(5).fill('message'));
    await forget(member.id);
  });

  it('refuses any other kind with 415 and a clear message, storing nothing', async () => {
    const before = await stored();
    for (const [file, name] of [
      [TEXT, 'notes.txt'],
      [ZIP, 'bundle.zip'],
      [MP3, 'song.mp3'],
      [Buffer.from('a,b\n1,2\n'), 'sheet.csv'],
    ] as const) {
      const res = await upload(member.agent)
        .attach('files', PNG, { filename: 'ok.png' })
        .attach('files', file, { filename: name });
      expect(res.status, name).toBe(415);
      expect(res.body).toMatchObject({
        code: 'FILE_TYPE',
        message: `"${name}" cannot be attached to a message: attach images (JPEG, PNG, GIF, WebP) or PDF files`,
      });
    }
    // A big file of another kind is refused once its first bytes are in, not read to its end.
    const video = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(3 * MB, 1)]);
    const res = await upload(member.agent).attach('files', video, { filename: 'clip.mp4' });
    expect(res.status).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it('takes at most 5 files a request', async () => {
    const before = await stored();
    let req = upload(member.agent);
    for (let i = 0; i < 6; i++) req = req.attach('files', PDF, { filename: `f${i}.pdf` });
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send up to 5 message attachments in the field "files"');
    expect(await stored()).toEqual(before);
  });

  it('keeps each member within 50 MB of message uploads in 24 hours (429), counted in the database', async () => {
    const { id } = member;
    // Up to the quota exactly is fine.
    await usedBefore(id, MESSAGE_UPLOAD_QUOTA_BYTES - PDF.length - PNG.length);
    const fits = await upload(member.agent)
      .attach('files', PDF, { filename: 'a.pdf' })
      .attach('files', PNG, { filename: 'b.png' });
    expect(fits.status).toBe(201);
    // One byte more is not.
    const before = await stored();
    const over = await upload(member.agent).attach('files', PNG, { filename: 'c.png' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGE_QUOTA_EXCEEDED });
    expect(MESSAGE_QUOTA_EXCEEDED).toBe(
      'You can upload 50 MB of message attachments a day. Try again tomorrow or send smaller files.',
    );
    expect(await stored()).toEqual(before);
    // Uploads older than 24 hours no longer count.
    await db().execute(
      `update uploads set created_at = created_at - interval '25 hours' where owner_id = ?`,
      [id],
    );
    expect((await upload(member.agent).attach('files', PNG, { filename: 'd.png' })).status).toBe(201);
    await forget(id);

    // Resource uploads (a seller's videos) do not count against the message quota.
    await usedBefore(seller.id, 200 * MB, 'resource');
    expect((await upload(seller.agent).attach('files', PDF, { filename: 'e.pdf' })).status).toBe(201);
    await forget(seller.id);
  });

  it('lets only one of three concurrent uploads take the last free bytes', async () => {
    const { id } = member;
    await usedBefore(id, MESSAGE_UPLOAD_QUOTA_BYTES - PDF.length - 10);
    const results = await Promise.all(
      [0, 1, 2].map((i) => upload(member.agent).attach('files', PDF, { filename: `race${i}.pdf` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    const [{ used }] = await db().execute<{ used: string }[]>(
      `select sum(size_bytes)::text as used from uploads where owner_id = ? and purpose = 'message'`,
      [id],
    );
    expect(Number(used)).toBeLessThanOrEqual(MESSAGE_UPLOAD_QUOTA_BYTES);
    await forget(id);
  });
});
