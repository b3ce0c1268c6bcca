import fs from 'node:fs';
import path from 'node:path';

/** The absolute path of `key` inside `root`; a key that would leave the folder is an error. */
export function pathInside(root: string, key: string): string {
  const base = path.resolve(root);
  const full = path.resolve(base, key);
  if (!full.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${key}`);
  return full;
}

/**
 * Moves a file (creating the target folder). A rename when both are on one file system, else a
 * copy and delete; an existing target is never overwritten.
 */
export async function moveFile(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  if (fs.existsSync(to)) throw new Error(`Refusing to overwrite ${to}`);
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    await fs.promises.rm(from, { force: true });
  }
}

/** Writes a new file (creating the folder); an existing file is never overwritten. */
export async function writeFileIn(file: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, data, { flag: 'wx' });
}
