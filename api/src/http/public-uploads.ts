import type { RequestHandler } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { detectImageType } from '../storage/image-type';

/** The first bytes are enough to tell the image types served here. */
const HEADER_BYTES = 16;

/** PNG, JPEG and WebP (avatars), and GIF (resource thumbnails may be GIFs). */
function servableImageType(header: Buffer): string | null {
  const image = detectImageType(header);
  if (image) return image.mime;
  const magic = header.toString('ascii', 0, 6);
  return magic === 'GIF87a' || magic === 'GIF89a' ? 'image/gif' : null;
}

async function readHeader(file: string): Promise<Buffer | null> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, 'r');
    if (!(await handle.stat()).isFile()) return null;
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/**
 * `/uploads/*`: public images (avatars, thumbnails). A file is sent only as the image type its bytes
 * show, whatever its name says; anything else (HTML, SVG, a script) is not found. With `nosniff`
 * and the sandboxing CSP of `uploadSecurityHeaders` a browser never runs what it gets here.
 */
export function publicUploads(uploadsDir: string): RequestHandler {
  const root = path.resolve(uploadsDir);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      res.status(400).json({ message: 'Malformed path' });
      return;
    }
    const file = path.resolve(root, '.' + relative);
    const header =
      file.startsWith(root + path.sep) && !relative.includes('\0') && !/\/\./.test(relative)
        ? await readHeader(file)
        : null;
    const type = header && servableImageType(header);
    if (!type) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    res.type(type);
    res.sendFile(file, { maxAge: '7d', dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
