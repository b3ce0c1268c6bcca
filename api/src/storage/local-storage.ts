import fs from 'node:fs';
import { moveFile, pathInside, writeFileIn } from './file-moves';
import {
  assertValidKey,
  type ByteRange,
  type Storage,
  type StoredObject,
  StorageNotFoundError,
} from './storage';

const missing = (error: unknown) =>
  ['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Files in a folder of this machine's disk (the default: `npm start` needs nothing else). Only one
 * machine sees them, so several machines need S3Storage (storage/create-storage.ts).
 */
export class LocalStorage implements Storage {
  /**
   * @param root the folder (UPLOADS_DIR for the public area, PRIVATE_DIR for the private one)
   * @param publicPrefix the URL path the folder is served at; null for a folder never served
   */
  constructor(
    private readonly root: string,
    private readonly publicPrefix: string | null = '/uploads',
  ) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return pathInside(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<string> {
    await writeFileIn(this.pathOf(key), data);
    return key;
  }

  /** A rename: the temporary folder of uploads is on the same disk (DATA_DIR/tmp). */
  async putFile(key: string, file: string): Promise<string> {
    await moveFile(file, this.pathOf(key));
    return key;
  }

  async read(key: string, range?: ByteRange): Promise<StoredObject> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch (error) {
      if (missing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new StorageNotFoundError(key);
      return {
        // The stream owns the handle from here (closed at its end or when destroyed).
        body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
        size: stat.size,
        lastModified: stat.mtime,
        // As Express's `send` makes one from a file's stats.
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    try {
      await moveFile(this.pathOf(from), this.pathOf(to));
    } catch (error) {
      if (missing(error)) throw new StorageNotFoundError(from);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    if (this.publicPrefix === null) throw new Error('Files of the private area have no public URL');
    assertValidKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  keyOfPublicUrl(url: string): string | null {
    if (this.publicPrefix === null || !url.startsWith(`${this.publicPrefix}/`)) return null;
    const key = url.slice(this.publicPrefix.length + 1);
    try {
      assertValidKey(key);
      return key;
    } catch {
      return null;
    }
  }

  /** Never: the app streams local files itself, after its access check. */
  async downloadUrl(): Promise<null> {
    return null;
  }

  /** The folder exists (made when missing) and this process may write to it. */
  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }
}
