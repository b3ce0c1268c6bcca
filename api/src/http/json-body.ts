import type { RequestHandler } from 'express';

/** The largest JSON body the graph and the REST adapter take. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** An error the app's error handler answers as body-parser's (status and `type`). */
function bodyError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, type, expose: true });
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const mime = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

function charsetOf(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match ? match[1].toLowerCase() : null;
}

/**
 * Parses a JSON request body into `req.body`, like `express.json({ limit })` for what clients send
 * us (UTF-8 JSON, no content encoding), with the same errors: 413 `entity.too.large`, 400
 * `entity.parse.failed`, 415 for another charset or a compressed body. Other content types are
 * left unparsed (`req.body` undefined). Used on /graphql, where body-parser's generality (charset
 * tables, inflation, media-type parsing) was a noticeable part of each small request's CPU.
 */
export function jsonBody(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    const contentType = req.headers['content-type'];
    if (req.body !== undefined || !isJson(contentType)) return next();
    const charset = charsetOf(contentType!);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      return next(bodyError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`));
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      return next(bodyError(415, 'encoding.unsupported', `unsupported content encoding "${encoding}"`));
    }
    const declared = Number(req.headers['content-length']);
    if (declared > limitBytes) {
      req.resume();
      return next(bodyError(413, 'entity.too.large', 'request entity too large'));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.removeAllListeners('data');
      req.resume();
      next(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) fail(bodyError(413, 'entity.too.large', 'request entity too large'));
      else chunks.push(chunk);
    });
    req.on('error', (error) => fail(bodyError(400, 'request.aborted', error.message)));
    req.on('end', () => {
      if (failed) return;
      const text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        req.body = {};
        return next();
      }
      try {
        req.body = JSON.parse(text);
      } catch {
        return fail(bodyError(400, 'entity.parse.failed', 'Malformed JSON body'));
      }
      next();
    });
  };
}
