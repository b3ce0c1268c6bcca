import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. `LocalStorage` keeps them on disk; a second implementation backed by
 * S3-compatible object storage lets several app replicas share them.
 */
export interface Storage {
  /** Stores bytes under a key such as `profiles/3f…e1.png`; returns the key. */
  put(key: string, data: Buffer): Promise<string>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** The public URL of a key in the public area (images only; paid files are never public). */
  publicUrl(key: string): string;
}
