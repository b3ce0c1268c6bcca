import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { ContextFactory } from '../../graphql/context';
import { isUuid } from '../../lib/ids';
import { log } from '../../observability/logger';
import { canEditCourse, isCourseAuthor, isCourseStaff } from '../courses';
import { Lesson } from '../courses';
import type { User } from '../users';
import { markUploaded } from './video-lifecycle';
import { type TusServer, tusServerModule, type TusUpload } from './tus-modules';
import { uploadTargetOf, VideoUploadRefused } from './video-upload-targets';
import { videoUploadStore } from './video-upload-store';

/** Where tus is mounted (the app mounts the REST router at /api). */
export const VIDEO_UPLOAD_PATH = '/api/videos/uploads';
/** The largest lesson video: 2 GB. */
export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;

const ALLOWED_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);
const ALLOWED_EXTENSIONS = /\.(mp4|m4v|mov|webm)$/i;

/** What the Express side learned of the request (its signed-in user, a request EntityManager). */
interface Uploader {
  user: User;
  em: EntityManager;
}
const uploaders = new WeakMap<IncomingMessage, Uploader>();

/** A tus hook's refusal: tus answers with this status and body. */
function refuse(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: `${JSON.stringify({ message })}\n` };
}

function uploaderOf(req: unknown): Uploader {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const uploader = node && uploaders.get(node);
  if (!uploader) throw refuse(401, 'Not authenticated');
  return uploader;
}

/**
 * The checks of a new upload (POST): metadata names the lesson (`lessonId`) and the file (`filename`,
 * `filetype`), the size is declared up front (no deferred length), 1 byte–2 GB, MP4/MOV/WebM, and the
 * uploader may edit the lesson's course. Then the lesson_videos row is made (status UPLOADING) with
 * the upload's id, replacing the lesson's current video in the same transaction.
 */
async function onUploadCreate(uploader: Uploader, upload: TusUpload): Promise<void> {
  const meta = upload.metadata ?? {};
  const lessonId = meta.lessonId ?? '';
  const fileName = (meta.filename ?? '').slice(0, 255);
  const fileType = (meta.filetype ?? '').toLowerCase();
  const other = lessonId ? null : uploadTargetOf(meta);
  if (!other && !isUuid(lessonId)) throw refuse(400, 'Name the lesson in the upload metadata (lessonId)');
  if (upload.size === undefined) throw refuse(400, 'The upload must declare its size (Upload-Length)');
  if (upload.size === 0) throw refuse(400, 'The file is empty (0 bytes)');
  if (upload.size > MAX_VIDEO_BYTES) throw refuse(413, 'The video is larger than 2 GB');
  if (!ALLOWED_TYPES.has(fileType) && !ALLOWED_EXTENSIONS.test(fileName)) {
    throw refuse(415, 'Upload an MP4, MOV or WebM video');
  }
  if (other) {
    await createForTarget(uploader, upload, other, fileName);
    return;
  }
  if (!isCourseAuthor(uploader.user)) {
    throw refuse(403, 'Only instructors and staff can upload lesson videos');
  }
  const em = uploader.em.fork();
  const lesson = await em.findOne(Lesson, { id: lessonId }, { populate: ['module.course'] });
  if (!lesson) throw refuse(404, 'Lesson not found');
  if (!canEditCourse(uploader.user, lesson.module.course)) {
    throw refuse(403, 'Only the course’s instructors and staff can upload its videos');
  }
  try {
    await em.transactional(async (tem) => {
      await tem.execute(
        `update lesson_videos set replaced_at = now(), updated_at = now()
          where lesson_id = ? and replaced_at is null`,
        [lessonId],
      );
      await tem.execute(
        `insert into lesson_videos (id, lesson_id, status, source_name, source_size, storage_prefix, created_by_id)
         values (?, ?, 'UPLOADING', ?, ?, ?, ?)`,
        [upload.id, lessonId, fileName, upload.size, `videos/${upload.id}`, uploader.user.id],
      );
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw refuse(409, 'Another upload for this lesson started at the same time; try again');
    }
    throw error;
  }
}

/**
 * An upload for a registered target (an assignment submission): the video is the uploader's private
 * video in the target's course, made in the target's transaction (video-upload-targets.ts).
 */
async function createForTarget(
  uploader: Uploader,
  upload: TusUpload,
  { target, id }: NonNullable<ReturnType<typeof uploadTargetOf>>,
  fileName: string,
): Promise<void> {
  try {
    await uploader.em.fork().transactional(async (tem) => {
      await target.create(tem, uploader.user, id, upload.id, async (courseId) => {
        await tem.execute(
          `insert into lesson_videos (id, lesson_id, course_id, owner_id, status, source_name, source_size,
                                      storage_prefix, created_by_id)
           values (?, null, ?, ?, 'UPLOADING', ?, ?, ?, ?)`,
          [
            upload.id,
            courseId,
            uploader.user.id,
            fileName,
            upload.size,
            `videos/${upload.id}`,
            uploader.user.id,
          ],
        );
      });
    });
  } catch (error) {
    if (error instanceof VideoUploadRefused) throw refuse(error.status, error.message);
    if ((error as { code?: string }).code === '23505') {
      throw refuse(409, 'Another upload for this started at the same time; try again');
    }
    throw error;
  }
}

/** PATCH, HEAD, DELETE of an upload: only its uploader or staff. */
async function onIncomingRequest(uploader: Uploader, method: string, uploadId: string): Promise<void> {
  if (method === 'POST' || method === 'OPTIONS') return;
  if (!isUuid(uploadId)) throw refuse(404, 'Upload not found');
  const rows = await uploader.em
    .fork()
    .execute<{ created_by_id: string | null; status: string }[]>(
      `select created_by_id, status from lesson_videos where id = ?`,
      [uploadId],
    );
  if (!rows.length) throw refuse(404, 'Upload not found');
  if (rows[0].created_by_id !== uploader.user.id && !isCourseStaff(uploader.user)) {
    throw refuse(403, 'This upload is not yours');
  }
}

const servers = new WeakMap<Config, Promise<TusServer>>();

/** The tus server of a configuration (one per app: its datastore is the config's). */
function tusServer(config: Config): Promise<TusServer> {
  let server = servers.get(config);
  if (!server) {
    server = createTusServer(config);
    servers.set(config, server);
  }
  return server;
}

async function createTusServer(config: Config): Promise<TusServer> {
  const { Server, EVENTS } = await tusServerModule();
  const server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore: (await videoUploadStore(config)).datastore,
    maxSize: MAX_VIDEO_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxy,
    namingFunction: () => randomUUID(),
    onIncomingRequest: async (req, uploadId) => {
      await onIncomingRequest(uploaderOf(req), req.method, uploadId);
    },
    onUploadCreate: async (req, upload) => {
      await onUploadCreate(uploaderOf(req), upload);
      return {};
    },
    onUploadFinish: async (req, upload) => {
      await markUploaded(uploaderOf(req).em.fork(), upload.id);
      return {};
    },
  });
  server.on(EVENTS.POST_TERMINATE, (req, _res, id) => {
    // The uploader cancelled (DELETE): the row is failed so the lesson shows no stuck upload.
    if (!isUuid(id)) return;
    uploaderOf(req)
      .em.fork()
      .execute(
        `update lesson_videos set status = 'FAILED', failure_reason = 'The upload was cancelled',
                replaced_at = coalesce(replaced_at, now()), updated_at = now()
          where id = ? and status = 'UPLOADING'`,
        [id],
      )
      .catch((error) => log().error({ err: error }, 'marking a cancelled video upload failed'));
  });
  return server;
}

/**
 * `/api/videos/uploads[/<id>]`: the tus protocol (resumable uploads: POST creates, HEAD tells the
 * offset, PATCH continues from it, DELETE cancels). Signed-in users only (401 before tus runs); the
 * hooks check the target (a lesson: its course's instructors and staff; a registered target such as
 * an assignment: its own rule) and the upload's owner. The body is streamed by tus
 * (no body parser runs for `application/offset+octet-stream`).
 */
export function videoUploadRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const user = ctx.user;
      if (!user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      uploaders.set(req, { user, em: ctx.em });
      // tus reads the whole path (Express's router shortened req.url to the part after /api).
      (req as Request).url = req.originalUrl;
      await (await tusServer(ctx.config)).handle(req, res);
    } catch (error) {
      next(error);
    }
  };
}
