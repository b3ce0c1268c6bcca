import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object being read: its bytes (all, or the range asked for) as a stream, and what is known about it. */
export interface StoredObject {
  body: Readable;
  /** The whole object's size in bytes (also when a range is read). */
  size: number;
  lastModified: Date;
  /** A validator for conditional requests (quoted, as in an HTTP ETag header). */
  etag: string;
}

/** How a private file is offered to a browser by a presigned URL. */
export interface DownloadUrlOptions {
  /** The `Content-Disposition` the download is answered with (e.g. `attachment; filename="…"`). */
  contentDisposition: string;
  contentType: string;
  /** How long the URL works, in seconds. */
  expiresInSeconds: number;
}

/** Public objects never change (random names, never overwritten): caches may keep them a week. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=604800, immutable';

/** A key that names no stored object (reading it, or moving it). */
export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/**
 * Keys are relative paths of random names (`profiles/3f…e1.webp`, `resources/<id>/<hex>`): no empty,
 * `.` or `..` segment, no leading slash, backslash or control character. Checked by every store, so
 * a key can never reach outside its folder (disk) or its prefix (S3), whatever a caller passes.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  // eslint-disable-next-line no-control-regex
  const control = /[\\\u0000-\u001f\u007f]/;
  const bad = control.test(key) || segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad || key.length > 512) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Where uploaded files live: one area of them (see `AppStorage`). `LocalStorage` keeps them in a
 * folder on this machine's disk; `S3Storage` under a prefix of an S3-compatible bucket, which every
 * replica of the app shares. Keys are never reused: writers make random names, and nothing is
 * overwritten in place.
 */
export interface Storage {
  /** Stores bytes under a key such as `profiles/3f…e1.webp`; returns the key. */
  put(key: string, data: Buffer, options?: { contentType?: string }): Promise<string>;
  /**
   * Stores the local file `file` (a temporary file of this process, streamed, never read into
   * memory) under `key`; returns the key. The file may be moved away (local disk) or left where it
   * is (S3): the caller removes its temporary folder either way.
   */
  putFile(key: string, file: string, options?: { contentType?: string }): Promise<string>;
  /**
   * Opens a stored object, or the bytes `range.start`–`range.end` (inclusive) of it; a missing key
   * rejects with StorageNotFoundError.
   */
  read(key: string, range?: ByteRange): Promise<StoredObject>;
  exists(key: string): Promise<boolean>;
  /** Moves an object to a new key (never over an existing one); a missing source rejects with StorageNotFoundError. */
  move(from: string, to: string): Promise<void>;
  /** Removes an object; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** The URL a browser loads a public object from (the public area only; paid files are never public). */
  publicUrl(key: string): string;
  /** The key of a URL that `publicUrl` made (also an `/uploads/<key>` path); null for any other URL. */
  keyOfPublicUrl(url: string): string | null;
  /**
   * A short-lived URL from which a browser fetches the object directly (an S3 presigned GET), or
   * null when the app streams the file itself (local disk).
   */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string | null>;
  /** Resolves when the store can be used (the folder is writable; the bucket answers); else throws. */
  check(): Promise<void>;
}

/**
 * The app's two areas of files. `public`: images anyone may load (avatars, resource thumbnails),
 * served at `/uploads/<key>`. `private`: files given only after an access check (resource files,
 * message attachments, uploads not yet claimed), never under `/uploads`.
 */
export interface AppStorage {
  public: Storage;
  private: Storage;
}

/** Both areas answer (for readiness checks): rejects with the first failure. */
export async function checkStorage(storage: AppStorage): Promise<void> {
  await Promise.all([storage.public.check(), storage.private.check()]);
}
