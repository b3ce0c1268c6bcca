import type { RequestHandler, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SIGNATURE_BYTES, signatureKind } from '../modules/uploads';
import {
  assertValidKey,
  PUBLIC_CACHE_CONTROL,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from '../storage/storage';

/** The image types served here (by their bytes): PNG, JPEG, WebP (avatars) and GIF (thumbnails). */
function servableImageType(header: Buffer): string | null {
  const format = signatureKind(header);
  return format && format !== 'zip' && format.kind === 'image' ? format.contentType : null;
}

/**
 * The first `bytes` bytes of a stream, and the stream to read all of it from (the bytes read are
 * put back in front, so nothing is fetched twice).
 */
function peek(body: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (ended: boolean) => {
      body.off('data', onData).off('end', onEnd).off('error', onError);
      body.pause();
      const all = Buffer.concat(chunks);
      if (!ended) body.unshift(all);
      // A small object read to its end meanwhile is streamed again from its bytes.
      resolve({ head: all.subarray(0, bytes), body: ended ? Readable.from([all]) : body });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) done(false);
    };
    const onEnd = () => done(true);
    const onError = (error: Error) => reject(error);
    body.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

async function send(res: Response, body: Readable, head: boolean): Promise<void> {
  if (head) {
    body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(body, res);
  } catch (error) {
    if (!res.headersSent) throw error;
  }
}

/** The storage key of a request path (`/profiles/a.webp`); null for anything that cannot be one. */
function keyOf(path: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(path).replace(/^\//, '');
    assertValidKey(key);
  } catch {
    return null;
  }
  // No dotfiles (as Express's static files: `dotfiles: 'deny'`).
  return /(^|\/)\./.test(key) ? null : key;
}

/**
 * `/uploads/*`: public images (avatars, thumbnails) from the public area of the app's storage — a
 * folder on this machine, or the bucket's `public/` prefix streamed through the app, so the same
 * URL works on every replica. A file is sent only as the image type its bytes show, whatever its
 * name says; anything else (HTML, SVG, a script) is not found. With `nosniff` and the sandboxing CSP
 * every response gets (security-headers.ts) a browser never runs what it gets here. Objects never
 * change (random names), so they are cached a week; ETag, Last-Modified and single byte ranges
 * are answered.
 */
export function publicUploads(store: Storage): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = keyOf(req.path);
    let object: StoredObject | null = null;
    try {
      object = key ? await store.read(key) : null;
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) return next(error);
    }
    let peeked: { head: Buffer; body: Readable } | null = null;
    try {
      peeked = object && (await peek(object.body, SIGNATURE_BYTES));
    } catch (error) {
      return next(error);
    }
    const type = peeked && servableImageType(peeked.head);
    if (!key || !object || !peeked || !type) {
      peeked?.body.destroy();
      res.status(404).json({ message: 'Not found' });
      return;
    }
    const head = req.method === 'HEAD';
    res.set({
      'Content-Type': type,
      'Cache-Control': PUBLIC_CACHE_CONTROL,
      'Accept-Ranges': 'bytes',
      'Last-Modified': object.lastModified.toUTCString(),
      ...(object.etag ? { ETag: object.etag } : {}),
    });
    if (req.fresh) {
      peeked.body.destroy();
      res.status(304).end();
      return;
    }
    try {
      // One byte range (players and download managers ask for them); several are answered whole.
      const ranges = req.headers.range ? req.range(object.size, { combine: true }) : undefined;
      if (ranges === -1) {
        peeked.body.destroy();
        res.status(416).set('Content-Range', `bytes */${object.size}`).end();
        return;
      }
      if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
        peeked.body.destroy();
        const [range] = ranges;
        const part = await store.read(key, range);
        res.status(206).set({
          'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
          'Content-Length': String(range.end - range.start + 1),
        });
        await send(res, part.body, head);
        return;
      }
      res.status(200).set('Content-Length', String(object.size));
      await send(res, peeked.body, head);
    } catch (error) {
      next(error);
    }
  };
}
