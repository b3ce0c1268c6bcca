import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kit } from '../modules/messaging/messaging-fixtures.test';
import {
  addToCart,
  type Agent,
  clearCart,
  CONFIRM,
  type Name,
  newKey,
  signIn,
  START,
} from '../modules/orders/orders-fixtures.test';
import { ABANDONED_UPLOAD_AGE_MS, pruneAbandonedUploads } from '../modules/uploads/abandoned-uploads';
import { startS3Server, type TestS3 } from '../test/s3-server';
import { startTestApp, type TestApp } from '../test/test-app';
import { storageFor } from './create-storage';

// The whole app on S3 (S3_BUCKET set): every file goes to the bucket and none to the local disk.

let s3: TestS3;
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;
const { ok, login, newUser, start } = kit(() => t);

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const PDF = Buffer.from('%PDF-1.4\n% the paid bytes of a resource on S3\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ERR = 'userErrors { code field message }';

/** Every file under a folder of the app's DATA_DIR (the local disk a replica does not share). */
function localFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ s3: s3.config });
  ({ as, idOf } = await signIn(t));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('the app on S3', () => {
  it('seeds the demo resources’ files into the bucket', async () => {
    const demo = await s3.keys('private/resources/demo/');
    expect(demo.length).toBeGreaterThan(5);
    expect(localFiles(t.config.privateDir)).toEqual([]);
  });

  it('stores an uploaded avatar in the bucket and serves it at its /uploads URL', async () => {
    const photo = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await as.member
      .post('/api/profile/image')
      .set(XHR)
      .attach('image', photo, { filename: 'me.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    const url: string = res.body.profileImageUrl;
    expect(url).toMatch(new RegExp(`^/uploads/profiles/${UUID}\\.webp$`));
    const key = `public/${url.slice('/uploads/'.length)}`;
    expect(await s3.keys('public/profiles/')).toEqual([key]);
    expect(localFiles(t.config.uploadsDir)).toEqual([]);

    // Any replica serves it from the bucket: its type from its bytes, cached a week.
    const served = await t.agent().get(url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(Buffer.compare(served.body as Buffer, await s3.bytes(key))).toBe(0);
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('webp');
    // A revalidation costs no body; a range is answered from the bucket.
    const again = await t.agent().get(url).set('if-none-match', served.headers.etag);
    expect(again.status).toBe(304);
    const part = await t.agent().get(url).set('range', 'bytes=0-3').buffer(true);
    expect(part.status).toBe(206);
    expect((part.body as Buffer).toString('latin1')).toBe('RIFF');
    expect(part.headers['content-range']).toBe(`bytes 0-3/${(served.body as Buffer).length}`);

    // A replacement removes the old picture from the bucket.
    const second = await as.member
      .post('/api/profile/image')
      .set(XHR)
      .attach('image', photo, { filename: 'me2.png', contentType: 'image/png' });
    expect(second.status).toBe(200);
    expect(await s3.keys('public/profiles/')).toEqual([`public/${second.body.profileImageUrl.slice(9)}`]);
    expect((await t.agent().get(url)).status).toBe(404);
  });

  it('never serves a private file, or anything but an image, at /uploads', async () => {
    const [demo] = await s3.keys('private/resources/demo/');
    const privateKey = demo.slice('private/'.length);
    expect((await t.agent().get(`/uploads/${privateKey}`)).status).toBe(404);
    expect((await t.agent().get(`/uploads/..%2fprivate%2f${encodeURIComponent(privateKey)}`)).status).toBe(
      404,
    );
    await storageFor(t.config).public.put('profiles/page.png', Buffer.from('<html>hi</html>'));
    const html = await t.agent().get('/uploads/profiles/page.png');
    expect(html.status).toBe(404);
    expect(html.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a seller’s file and thumbnail go to the bucket; a buyer downloads through a presigned URL, others are refused', async () => {
    // The seller uploads a file and a thumbnail, creates the resource from them and publishes it.
    const up = await as.seller
      .post('/api/upload')
      .set(XHR)
      .attach('files', PDF, { filename: 'Übung Walzer.pdf' })
      .attach(
        'thumbnail',
        await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336' } })
          .png()
          .toBuffer(),
        {
          filename: 'cover.png',
        },
      );
    expect(up.status).toBe(201);
    expect(await s3.keys('private/pending/')).toHaveLength(1);
    const thumbnailUrl: string = up.body.thumbnail.url;
    expect(thumbnailUrl).toMatch(/^\/uploads\/thumbnails\/[0-9a-f]{32}\.webp$/);
    expect((await t.agent().get(thumbnailUrl)).headers['content-type']).toBe('image/webp');

    const created = await ok(
      as.seller,
      `mutation($input: ResourceCreateInput!) { resourceCreate(input: $input) {
        resource { id thumbnailUrl } ${ERR} } }`,
      {
        input: {
          title: 'Waltz basics on S3',
          type: 'document',
          priceCents: 500,
          fileUploadIds: [up.body.files[0].uploadId],
          thumbnailUploadId: up.body.thumbnail.uploadId,
        },
      },
    );
    expect(created.resourceCreate.userErrors).toEqual([]);
    const id: string = created.resourceCreate.resource.id;
    expect(created.resourceCreate.resource.thumbnailUrl).toBe(thumbnailUrl);
    const published = await ok(
      as.seller,
      `mutation($input: ResourceIdInput!) { resourcePublish(input: $input) { ${ERR} } }`,
      {
        input: { id },
      },
    );
    expect(published.resourcePublish.userErrors).toEqual([]);
    // The file moved from pending/ to the resource's folder, in the bucket only.
    const [fileKey] = await s3.keys(`private/resources/${id}/`);
    expect(fileKey).toMatch(new RegExp(`^private/resources/${id}/[0-9a-f]{32}$`));
    expect(await s3.keys('private/pending/')).toEqual([]);
    expect(Buffer.compare(await s3.bytes(fileKey), PDF)).toBe(0);
    expect(localFiles(t.config.privateDir)).toEqual([]);
    expect(localFiles(t.config.uploadsDir)).toEqual([]);

    // The member buys it (test payments) and downloads it: a redirect to a short-lived URL of the bucket.
    await clearCart(t, idOf.member);
    await addToCart(t, as.member, 'resource', id);
    const started = await ok(as.member, START, { input: { idempotencyKey: newKey() } });
    expect(started.checkoutStart.userErrors).toEqual([]);
    const paid = await ok(as.member, CONFIRM, { input: { orderId: started.checkoutStart.order.id } });
    expect(paid.checkoutConfirm.userErrors).toEqual([]);

    const res = await as.member.get(`/api/resources/${id}/download`).redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(
      `${s3.config.endpoint}/${s3.config.bucket}/${fileKey}`,
    );
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="_bung Walzer.pdf"; filename*=UTF-8''%C3%9Cbung%20Walzer.pdf`,
    );
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), PDF)).toBe(0);
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ download_count: number }[]>('select download_count from resources where id = ?', [id]);
    expect(row.download_count).toBe(1);
    // HEAD is answered by the app (a presigned URL is for GET only) and is not a download.
    const head = await as.member.head(`/api/resources/${id}/download`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(PDF.length));

    // Someone who does not own it, and a guest, get no URL.
    const refused = await as.multi.get(`/api/resources/${id}/download`).redirects(0);
    expect(refused.status).toBe(403);
    expect(refused.headers.location).toBeUndefined();
    expect((await t.agent().get(`/api/resources/${id}/download`).redirects(0)).status).toBe(401);
  });

  it('keeps message attachments in the bucket and streams them to the participants only', async () => {
    const client = await newUser();
    const instructor = await login('instructor');
    const up = await client.agent
      .post('/api/upload?purpose=message')
      .set(XHR)
      .attach('files', PNG, { filename: 'turn.png', contentType: 'image/png' });
    expect(up.status).toBe(201);
    const started = await start(client.agent, {
      recipientId: instructor.id,
      body: 'My homework',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
      attachmentUploadIds: [up.body.files[0].uploadId],
    });
    expect(started.userErrors).toEqual([]);
    const conversationId = started.conversation.id;
    expect(await s3.keys(`private/messages/${conversationId}/`)).toHaveLength(1);
    const url = started.message.attachments[0].url;
    const got = await instructor.agent.get(url).buffer(true);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.compare(got.body as Buffer, PNG)).toBe(0);
    expect((await (await newUser()).agent.get(url)).status).toBe(404);
  });

  it('prunes abandoned uploads from the bucket', async () => {
    const up = await as.seller.post('/api/upload').set(XHR).attach('files', PDF, { filename: 'left.pdf' });
    expect(up.status).toBe(201);
    expect(await s3.keys('private/pending/')).toHaveLength(1);
    const later = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60_000);
    expect(await pruneAbandonedUploads(t.orm.em.fork(), storageFor(t.config), later)).toBeGreaterThanOrEqual(
      1,
    );
    expect(await s3.keys('private/pending/')).toEqual([]);
  });

  it('answers readiness for its bucket', async () => {
    await expect(storageFor(t.config).public.check()).resolves.toBeUndefined();
    await expect(storageFor(t.config).private.check()).resolves.toBeUndefined();
  });
});
