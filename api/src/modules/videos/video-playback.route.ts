import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../graphql/context';
import { sendStoredFile } from '../../http/send-stored-file';
import { isUuid } from '../../lib/ids';
import { StorageNotFoundError } from '../../storage/storage';
import { mayWatchVideo } from './video-access';
import { contentTypeOf, PLAYABLE_PATH, THUMBNAILS_VTT_PATH } from './video-files';
import { grantQuery, verifyPlayback } from './video-signing';

/** Appends the request's grant to every URI line of a playlist (relative URIs lose the query otherwise). */
export function signPlaylist(playlist: string, query: string): string {
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed || trimmed.startsWith('#')) return line;
      return `${trimmed}${trimmed.includes('?') ? '&' : '?'}${query}`;
    })
    .join('\n');
}

/** Adds the request's grant to the sprite URLs of a thumbnails WebVTT (`sprite.jpg?<grant>#xywh=…`). */
export function signThumbnails(vtt: string, query: string): string {
  return vtt.replace(/^([\w.-]+\.jpg)(#xywh=[\d,]+)$/gm, `$1?${query}$2`);
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GET /api/videos/:id/<path>?exp=&u=&sig= — a hosted video's master playlist
 * (`hls/master.m3u8`), rendition playlists, segments, posters, the scrubbing sprite and its WebVTT
 * (sprite URLs signed like playlists' URIs) and caption files. Each request needs a valid,
 * unexpired signature for this video (video-signing.ts; 403 otherwise) AND its signer's current
 * entitlement (video-access.ts: a revoked enrolment is refused at once, whatever the URL). Playlists
 * are answered with their URIs signed with the same grant. `Cache-Control: private, no-store`.
 */
export function videoPlaybackRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const id = String(req.params.id);
      const rest = req.params.path;
      const file = Array.isArray(rest) ? rest.join('/') : String(rest ?? '');
      if (!isUuid(id) || !PLAYABLE_PATH.test(file)) {
        res.status(404).json({ message: 'Not found' });
        return;
      }
      const ctx = await createContext(req, res);
      const check = verifyPlayback(ctx.config.sessionSecret, id, req.query as Record<string, unknown>);
      if ('refused' in check) {
        res.status(403).json({ message: check.refused, code: 'FORBIDDEN' });
        return;
      }
      if (!(await mayWatchVideo(ctx.em, id, check.signer))) {
        res.status(403).json({ message: 'You do not have access to this video', code: 'FORBIDDEN' });
        return;
      }
      const key = `videos/${id}/${file}`;
      const headers = {
        'Content-Type': contentTypeOf(file),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      const store = ctx.storage.private;
      if (file.endsWith('.m3u8') || file === THUMBNAILS_VTT_PATH) {
        let text: string;
        try {
          text = await readText((await store.read(key)).body);
        } catch (error) {
          if (error instanceof StorageNotFoundError) {
            res.status(404).json({ message: 'Not found' });
            return;
          }
          throw error;
        }
        const query = grantQuery({
          exp: Number(req.query.exp),
          u: String(req.query.u),
          sig: String(req.query.sig),
        });
        const signed = file === THUMBNAILS_VTT_PATH ? signThumbnails(text, query) : signPlaylist(text, query);
        res.status(200).set(headers).send(signed);
        return;
      }
      if (!(await sendStoredFile(req, res, store, key, headers))) {
        res.status(404).json({ message: 'Not found' });
      }
    } catch (error) {
      next(error);
    }
  };
}
