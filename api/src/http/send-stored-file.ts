import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { type Storage, StorageNotFoundError } from '../storage/storage';

/**
 * Answers 200 with a stored object's bytes and `headers`, streamed from the local disk or from S3
 * without holding it in memory; a HEAD request gets the headers only. Resolves false, having set
 * and sent nothing, when the key names no object.
 */
export async function sendStoredFile(
  req: Request,
  res: Response,
  store: Storage,
  key: string,
  headers: Record<string, string>,
): Promise<boolean> {
  let object;
  try {
    object = await store.read(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return false;
    throw error;
  }
  res.status(200).set(headers);
  res.setHeader('Content-Length', object.size);
  if (req.method === 'HEAD') {
    object.body.destroy();
    res.end();
    return true;
  }
  try {
    await pipeline(object.body, res);
  } catch (error) {
    // A client that went away mid-download is no server error; anything before the first byte is.
    if (!res.headersSent) throw error;
  }
  return true;
}
