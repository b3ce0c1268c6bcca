import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Storage } from './storage';

export class LocalStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<string> {
    const full = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.writeFile(full, data, { flag: 'wx' });
    return key;
  }

  async read(key: string): Promise<Readable> {
    return fs.createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }
}
