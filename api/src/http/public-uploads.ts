import type { RequestHandler } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { SIGNATURE_BYTES, signatureKind } from '../modules/uploads/file-kind';

/** The image types served here (by their bytes): PNG, JPEG, WebP (avatars) and GIF (thumbnails). */
function servableImageType(header: Buffer): string | null {
  const format = signatureKind(header);
  return format && format !== 'zip' && format.kind === 'image' ? format.contentType : null;
}

async function readHeader(file: string): Promise<Buffer | null> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, 'r');
    if (!(await handle.stat()).isFile()) return null;
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SIGNATURE_BYTES), 0, SIGNATURE_BYTES, 0);
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
 * and the sandboxing CSP every response gets (security-headers.ts) a browser never runs what it
 * gets here.
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
