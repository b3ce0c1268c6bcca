import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startS3Server, type TestS3 } from '../test/s3-server';
import { closeStorage, storageFor } from './create-storage';
import { type AppStorage, checkStorage, StorageNotFoundError } from './storage';

let s3: TestS3;
let dataDir: string;
let tmp: string;
const stores: Record<'local disk' | 'S3', AppStorage> = {} as never;
const s3Config = () => ({ ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), s3: s3.config });
let s3AppConfig: ReturnType<typeof s3Config>;
let localConfig: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-storage-'));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-storage-tmp-'));
  localConfig = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  s3AppConfig = s3Config();
  stores['local disk'] = storageFor(localConfig);
  stores.S3 = storageFor(s3AppConfig);
});

afterAll(async () => {
  closeStorage(s3AppConfig);
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const read = async (store: AppStorage['private'], key: string) => text((await store.read(key)).body);
const aTempFile = (content: string | Buffer) => {
  const file = path.join(tmp, randomBytes(8).toString('hex'));
  fs.writeFileSync(file, content);
  return file;
};

describe.each(['local disk', 'S3'] as const)('the storage contract on %s', (backend) => {
  const store = () => stores[backend];

  it('puts, reads (whole and a byte range), moves and removes a private file', async () => {
    const files = store().private;
    const key = `pending/${randomBytes(8).toString('hex')}`;
    expect(await files.put(key, Buffer.from('hello, storage'), { contentType: 'text/plain' })).toBe(key);
    expect(await files.exists(key)).toBe(true);
    const object = await files.read(key);
    expect(object.size).toBe(14);
    expect(object.etag).not.toBe('');
    expect(object.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await text(object.body)).toBe('hello, storage');
    const part = await files.read(key, { start: 7, end: 13 });
    expect(part.size).toBe(14);
    expect(await text(part.body)).toBe('storage');

    const moved = `resources/${randomBytes(8).toString('hex')}/file`;
    await files.move(key, moved);
    expect(await files.exists(key)).toBe(false);
    expect(await read(files, moved)).toBe('hello, storage');

    await files.remove(moved);
    expect(await files.exists(moved)).toBe(false);
    await files.remove(moved); // a missing key is no error
  });

  it('streams a local temporary file in, also one large enough for a multipart upload', async () => {
    const files = store().private;
    const small = `pending/${randomBytes(8).toString('hex')}`;
    await files.putFile(small, aTempFile('%PDF-1.4 small'), { contentType: 'application/pdf' });
    expect(await read(files, small)).toBe('%PDF-1.4 small');
    // Above lib-storage's 5 MB part size: several parts, put together by the server.
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const large = `pending/${randomBytes(8).toString('hex')}`;
    await files.putFile(large, aTempFile(bytes));
    const object = await files.read(large);
    expect(object.size).toBe(bytes.length);
    expect(Buffer.concat(await object.body.toArray()).equals(bytes)).toBe(true);
  });

  it('reports a missing key as StorageNotFoundError, and as not existing', async () => {
    const files = store().private;
    await expect(files.read('pending/nothing-here')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(files.move('pending/nothing-here', 'pending/elsewhere')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    expect(await files.exists('pending/nothing-here')).toBe(false);
  });

  it('refuses keys that could leave their area', async () => {
    const files = store().private;
    for (const key of ['../escape', 'a/../../b', '/absolute', 'a//b', 'a\\b', 'a/./b', 'nul\u0000']) {
      await expect(files.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
      await expect(files.read(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('keeps the public and the private area apart', async () => {
    const key = `profiles/${randomBytes(8).toString('hex')}.webp`;
    await store().public.put(key, Buffer.from('RIFF....WEBP'), { contentType: 'image/webp' });
    expect(await store().public.exists(key)).toBe(true);
    expect(await store().private.exists(key)).toBe(false);
    expect(store().public.publicUrl(key)).toBe(`/uploads/${key}`);
    expect(store().public.keyOfPublicUrl(`/uploads/${key}`)).toBe(key);
    expect(store().public.keyOfPublicUrl('/images/people/a.png')).toBeNull();
    expect(store().public.keyOfPublicUrl('/uploads/../secret')).toBeNull();
    expect(() => store().private.publicUrl(key)).toThrow(/no public URL/);
  });

  it('answers its readiness check', async () => {
    await expect(checkStorage(store())).resolves.toBeUndefined();
  });
});

describe('S3 only', () => {
  it('signs a short-lived download URL that answers with the file name and type the app chose', async () => {
    const files = stores.S3.private;
    const key = `resources/${randomBytes(8).toString('hex')}/a`;
    await files.put(key, Buffer.from('%PDF-1.4 paid'));
    const url = await files.downloadUrl(key, {
      contentDisposition: 'attachment; filename="Walzer.pdf"',
      contentType: 'application/pdf',
      expiresInSeconds: 60,
    });
    expect(url).toMatch(new RegExp(`^${s3.config.endpoint}/${s3.config.bucket}/private/resources/`));
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Walzer.pdf"');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.4 paid');
  });

  it('lets a download URL expire', async () => {
    const files = stores.S3.private;
    const key = `resources/${randomBytes(8).toString('hex')}/a`;
    await files.put(key, Buffer.from('%PDF-1.4 paid'));
    const url = await files.downloadUrl(key, {
      contentDisposition: 'attachment',
      contentType: 'application/pdf',
      expiresInSeconds: 1,
    });
    // X-Amz-Date has whole seconds: the URL ends 1–2 s after it was signed.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await fetch(url!);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });

  it('keeps public and private files under their prefixes of one bucket', async () => {
    const keys = await s3.keys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith('public/') || k.startsWith('private/'))).toBe(true);
  });

  it('uses S3_PUBLIC_URL for public images and still knows /uploads URLs', () => {
    const config = { ...s3AppConfig, s3: { ...s3.config, publicUrl: 'https://cdn.example.com/drx' } };
    const { public: images } = storageFor(config);
    expect(images.publicUrl('profiles/a.webp')).toBe('https://cdn.example.com/drx/profiles/a.webp');
    expect(images.keyOfPublicUrl('https://cdn.example.com/drx/profiles/a.webp')).toBe('profiles/a.webp');
    expect(images.keyOfPublicUrl('/uploads/profiles/a.webp')).toBe('profiles/a.webp');
    expect(images.keyOfPublicUrl('https://elsewhere.example/profiles/a.webp')).toBeNull();
    closeStorage(config);
  });

  it('fails its check with a clear message for a missing bucket, and for no server at all', async () => {
    const missing = { ...s3AppConfig, s3: { ...s3.config, bucket: 'no-such-bucket' } };
    await expect(checkStorage(storageFor(missing))).rejects.toThrow(
      'The S3 bucket "no-such-bucket" does not answer: no such bucket',
    );
    closeStorage(missing);
    const wrongKey = {
      ...s3AppConfig,
      s3: { ...s3.config, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' } },
    };
    await expect(checkStorage(storageFor(wrongKey))).rejects.toThrow(/does not answer: access denied/);
    closeStorage(wrongKey);
    const nobody = { ...s3AppConfig, s3: { ...s3.config, endpoint: 'http://127.0.0.1:9' } };
    await expect(checkStorage(storageFor(nobody))).rejects.toThrow(
      /The S3 bucket "drx-test" does not answer/,
    );
    closeStorage(nobody);
  });
});

describe('the local disk only', () => {
  it('fails its check when the folder cannot be written', async () => {
    const file = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const config = { ...localConfig, uploadsDir: path.join(file, 'uploads') };
    await expect(checkStorage(storageFor(config))).rejects.toThrow();
  });

  it('has no download URLs: the app streams the file itself', async () => {
    expect(
      await stores['local disk'].private.downloadUrl('pending/x', {
        contentDisposition: 'attachment',
        contentType: 'text/plain',
        expiresInSeconds: 60,
      }),
    ).toBeNull();
  });
});
