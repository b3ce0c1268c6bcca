import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { uploadTempRoot } from './upload.route';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
// Lowered limits so an "oversize" file stays small.
const DOCUMENT_LIMIT = 2048;
const IMAGE_LIMIT = 1024;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from('900003000000040000ffff0000b8', 'hex'),
  Buffer.alloc(64),
]);
const GARBAGE = Buffer.from('00ff13fe0001deadbeef00000000cafebabe', 'hex');

let t: TestApp;
let guest: Agent;
const as: Record<'seller' | 'member' | 'admin', Agent> = {} as never;

const db = () => t.orm.em.fork().getConnection();
const listing = (dir: string): string[] => {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).sort();
};

/** Everything an upload could leave behind: temp files, private and public files, rows. */
async function stored() {
  const [row] = await db().execute<{ n: number }[]>('select count(*)::int as n from uploads');
  return {
    temp: listing(uploadTempRoot(t.config.dataDir)),
    private: listing(t.config.privateDir),
    thumbnails: listing(path.join(t.config.uploadsDir, 'thumbnails')),
    rows: row.n,
  };
}

beforeAll(async () => {
  t = await startTestApp({ uploadLimits: { document: DOCUMENT_LIMIT, image: IMAGE_LIMIT } });
  guest = t.agent();
  for (const name of ['seller', 'member', 'admin'] as const) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
  }
});
afterAll(() => t.close());

describe('POST /api/upload', () => {
  it('stores accepted files privately and the thumbnail publicly, typed by content', async () => {
    const res = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', PDF, { filename: 'Barre plan.pdf', contentType: 'application/octet-stream' })
      .attach('files', Buffer.from('Warm-up notes\nPlié, tendu\n'), { filename: 'notes.txt' })
      .attach('thumbnail', PNG, { filename: 'cover.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.files).toEqual([
      {
        uploadId: expect.any(String),
        fileName: 'Barre plan.pdf',
        sizeBytes: PDF.length,
        contentType: 'application/pdf',
        kind: 'document',
      },
      expect.objectContaining({ fileName: 'notes.txt', contentType: 'text/plain', kind: 'text' }),
    ]);
    expect(res.body.thumbnail).toEqual({
      uploadId: expect.any(String),
      url: expect.stringMatching(/^\/uploads\/thumbnails\/[0-9a-f]{32}\.webp$/),
    });
    const rows = await db().execute<{ storage_key: string; public: boolean; consumed_at: Date | null }[]>(
      'select storage_key, public, consumed_at from uploads where id = ?',
      [res.body.files[0].uploadId],
    );
    expect(rows[0]).toMatchObject({ public: false, consumed_at: null });
    expect(rows[0].storage_key).toMatch(/^pending\/[0-9a-f]{32}$/);
    expect(fs.readFileSync(path.join(t.config.privateDir, rows[0].storage_key))).toEqual(PDF);
    // The thumbnail is served from /uploads; the private file is not reachable there.
    const image = await guest.get(res.body.thumbnail.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/webp/);
    expect((await guest.get(`/uploads/${rows[0].storage_key}`)).status).toBe(404);
    expect((await stored()).temp).toEqual([]);
  });

  it('stores a thumbnail as shown: a 16:9 WebP of at most 960 × 540, without its metadata', async () => {
    // given a 1600 × 1200 picture with EXIF data (a lossless WebP of one colour: under this test
    // app's 1 KiB image limit)
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .webp({ lossless: true })
      .withMetadata({ exif: { IFD0: { Copyright: 'Seller' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    // when a seller uploads it as a thumbnail
    const res = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('thumbnail', photo, { filename: 'studio.webp', contentType: 'image/webp' });
    // then it is served as a 960 × 540 WebP without EXIF, and the upload row says so
    expect(res.status).toBe(201);
    const served = await guest.get(res.body.thumbnail.url).buffer(true);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 960, 540, undefined]);
    const rows = await db().execute<{ content_type: string; size_bytes: number }[]>(
      'select content_type, size_bytes from uploads where id = ?',
      [res.body.thumbnail.uploadId],
    );
    expect([rows[0].content_type, Number(rows[0].size_bytes)]).toEqual([
      'image/webp',
      (served.body as Buffer).length,
    ]);
    expect((await stored()).temp).toEqual([]);
  });

  it('refuses a damaged thumbnail (an image signature, unreadable) and stores nothing', async () => {
    const before = await stored();
    const damaged = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(48, 1)]);
    const res = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('thumbnail', damaged, { filename: 'cover.png', contentType: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('The thumbnail must be a PNG, JPEG, WebP or GIF image');
    expect(await stored()).toEqual(before);
  });

  it('detects by content: a PNG named .pdf is an image, a text file named .pdf is text', async () => {
    const res = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', PNG, { filename: 'lesson.pdf', contentType: 'application/pdf' })
      .attach('files', Buffer.from('not really a pdf'), {
        filename: 'fake.pdf',
        contentType: 'application/pdf',
      });
    expect(res.status).toBe(201);
    expect(res.body.files.map((f: { kind: string; contentType: string }) => [f.kind, f.contentType])).toEqual(
      [
        ['image', 'image/png'],
        ['text', 'text/plain'],
      ],
    );
  });

  it('rejects unknown content with 415 and stores nothing (an EXE named .pdf, binary garbage)', async () => {
    const before = await stored();
    const exe = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', PDF, { filename: 'ok.pdf' })
      .attach('files', EXE, { filename: 'lesson.pdf', contentType: 'application/pdf' });
    expect(exe.status).toBe(415);
    expect(exe.body.message).toContain('"lesson.pdf" is not a supported file type');
    const garbage = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', GARBAGE, { filename: 'x.bin' });
    expect(garbage.status).toBe(415);
    const thumb = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', PDF, { filename: 'ok.pdf' })
      .attach('thumbnail', PDF, { filename: 'cover.png', contentType: 'image/png' });
    expect(thumb.status).toBe(415);
    expect(thumb.body.message).toBe('The thumbnail must be a PNG, JPEG, WebP or GIF image');
    expect(await stored()).toEqual(before);
  });

  it('rejects a file over its kind’s limit with 413 naming the limit, storing nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_LIMIT, 0x20)]);
    const res = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', Buffer.from('fine'), { filename: 'a.txt' })
      .attach('files', big, { filename: 'big.pdf' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('"big.pdf" is too large: document files can be at most 2 KB');
    const thumb = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('thumbnail', Buffer.concat([PNG, Buffer.alloc(IMAGE_LIMIT)]), { filename: 'cover.png' });
    expect(thumb.status).toBe(413);
    expect(thumb.body.message).toContain('image files can be at most 1 KB');
    expect(await stored()).toEqual(before);
  });

  it('keeps non-ASCII file names sent as UTF-8 (umlauts, emoji) through to the download', async () => {
    const res = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', PDF, { filename: 'Übung Walzer.pdf' })
      .attach('files', Buffer.from('Cuban motion, then the basic\n'), { filename: 'Salsa 💃 Schritte.txt' });
    expect(res.status).toBe(201);
    expect(res.body.files.map((f: { fileName: string }) => f.fileName)).toEqual([
      'Übung Walzer.pdf',
      'Salsa 💃 Schritte.txt',
    ]);
    const ids = res.body.files.map((f: { uploadId: string }) => f.uploadId);
    const rows = await db().execute<{ file_name: string }[]>(
      'select file_name from uploads where id in (?, ?) order by file_name',
      ids,
    );
    expect(rows.map((r) => r.file_name)).toEqual(['Salsa 💃 Schritte.txt', 'Übung Walzer.pdf']);

    const created = await t.gql(
      as.seller,
      `mutation($input: ResourceCreateInput!) { resourceCreate(input: $input) {
        resource { id files { id fileName } } userErrors { message } } }`,
      { input: { title: 'Walzer-Übungen', type: 'document', priceCents: 0, fileUploadIds: ids } },
    );
    const resource = created.data.resourceCreate.resource;
    expect(resource.files.map((f: { fileName: string }) => f.fileName)).toEqual([
      'Übung Walzer.pdf',
      'Salsa 💃 Schritte.txt',
    ]);
    const first = await as.seller.get(`/api/resources/${resource.id}/download`);
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="_bung Walzer.pdf"; filename*=UTF-8''%C3%9Cbung%20Walzer.pdf`,
    );
    const second = await as.seller.get(
      `/api/resources/${resource.id}/download?fileId=${resource.files[1].id}`,
    );
    expect(second.headers['content-disposition']).toBe(
      `attachment; filename="Salsa __ Schritte.txt"; filename*=UTF-8''Salsa%20%F0%9F%92%83%20Schritte.txt`,
    );
  });

  it('stops reading a file at its kind’s limit: 6 MB declared as text is refused (413) at 5 MB, before the body ends', async () => {
    const before = await stored();
    const server = http.createServer(t.handle.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const MB = 1024 * 1024;
    try {
      const login = await request(server)
        .post('/api/login')
        .set(json)
        .send({ username: 'seller', password: PASSWORD });
      const cookie = (login.headers['set-cookie'] as unknown as string[])
        .map((c) => c.split(';')[0])
        .join('; ');
      const boundary = `drx-${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="notes.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const size = 6 * MB;
      const req = http.request({
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        method: 'POST',
        path: '/api/upload',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      });
      req.on('error', () => undefined); // the server may close the connection after answering
      let answered = false;
      const answer = new Promise<{ status: number; body: { message: string } }>((resolve) => {
        req.on('response', (res) => {
          answered = true;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
      });
      const write = (data: Buffer) =>
        new Promise<boolean>((resolve) => req.write(data, (error) => resolve(!error)));
      await write(head);
      // 5.5 MB of the 6 MB, then nothing more: the answer has to come without the rest of the body.
      const chunk = Buffer.alloc(64 * 1024, 'plie tendu jete\n');
      for (let sent = 0; sent < 5.5 * MB && !answered; sent += chunk.length) {
        if (!(await write(chunk))) break;
      }
      const res = await Promise.race([
        answer,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no answer before the body ended')), 10_000),
        ),
      ]);
      req.destroy();
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('"notes.txt" is too large: text files can be at most 5 MB');
      expect(await stored()).toEqual(before);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 400 for a request without files, too many files or an unknown field', async () => {
    const before = await stored();
    const empty = await as.seller.post('/api/upload').set(XHR).field('title', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Choose at least one file to upload');
    const noBody = await as.seller.post('/api/upload').set(XHR);
    expect(noBody.status).toBe(400);
    let many = as.seller.post('/api/upload').set(XHR);
    for (let i = 0; i < 11; i++) many = many.attach('files', PDF, { filename: `f${i}.pdf` });
    const tooMany = await many;
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('up to 10 files');
    const wrongField = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('document', PDF, { filename: 'a.pdf' });
    expect(wrongField.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses guests (401) and members without the seller role (403); staff may upload', async () => {
    const before = await stored();
    const anon = await guest.post('/api/upload').set(XHR).attach('files', PDF, { filename: 'a.pdf' });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ message: 'Not authenticated' });
    const member = await as.member.post('/api/upload').set(XHR).attach('files', PDF, { filename: 'a.pdf' });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe('Only sellers can upload resource files');
    expect(await stored()).toEqual(before);
    const admin = await as.admin.post('/api/upload').set(XHR).attach('files', PDF, { filename: 'a.pdf' });
    expect(admin.status).toBe(201);
  });

  it('refuses a cross-site upload like every state-changing /api call', async () => {
    const before = await stored();
    const res = await as.seller
      .post('/api/upload')
      .set('origin', 'https://evil.example')
      .attach('files', PDF, { filename: 'a.pdf' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site requests are not allowed' });
    expect(await stored()).toEqual(before);
  });

  it('publishes the limits per kind through the public uploadLimits query', async () => {
    const res = await t.gql(guest, '{ uploadLimits { maxFiles limits { kind label maxBytes maxLabel } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.uploadLimits.maxFiles).toBe(10);
    const byKind = Object.fromEntries(
      res.data.uploadLimits.limits.map((l: { kind: string; maxBytes: number }) => [l.kind, l.maxBytes]),
    );
    expect(byKind).toMatchObject({ document: DOCUMENT_LIMIT, image: IMAGE_LIMIT, video: 200 * 1024 * 1024 });
  });
});

describe('POST /api/upload when every limit is small', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({
      uploadLimits: {
        document: 1024,
        spreadsheet: 1024,
        text: 1024,
        audio: 1024,
        video: 1024,
        image: 1024,
        other: 1024,
      },
    });
  });
  afterAll(() => small.close());

  it('cuts the stream at the limit (413) and leaves no partial file behind', async () => {
    const agent = small.agent();
    await agent.post('/api/login').set(json).send({ username: 'seller', password: PASSWORD });
    const res = await agent
      .post('/api/upload')
      .set(XHR)
      .attach('files', Buffer.concat([PDF, Buffer.alloc(64 * 1024, 0x20)]), { filename: 'huge.pdf' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('"huge.pdf" is too large: document files can be at most 1 KB');
    expect(listing(uploadTempRoot(small.config.dataDir))).toEqual([]);
    expect(listing(small.config.privateDir).filter((f) => f.startsWith('pending'))).toEqual([]);
    const [row] = await small.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from uploads');
    expect(row.n).toBe(0);
  });
});
