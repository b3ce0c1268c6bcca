import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import fs from 'node:fs';
import { THUMBNAIL_SIZE, toWebp } from '../../storage/image-resize';
import type { AppStorage, Storage } from '../../storage/storage';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import { detectFileKindOnDisk, type DetectedFile } from './file-kind';
import { sanitizeFileName } from './file-name';
import { assertMessageUploadQuota } from './message-upload-quota';
import { fileTooLarge, notMessageAttachment, thumbnailNotImage, unsupportedFile } from './upload-errors';
import {
  MAX_FILES_PER_UPLOAD,
  MAX_MESSAGE_FILES_PER_UPLOAD,
  MESSAGE_UPLOAD_TYPES,
  type UploadLimits,
} from './upload-limits';
import { Upload, type UploadPurpose } from './upload.entity';

/** A file multer wrote to the request's temporary folder (on this machine's disk only). */
export interface ReceivedFile {
  path: string;
  originalName: string;
  size: number;
}

export interface StoredUpload {
  upload: Upload;
  /** The public URL of a thumbnail; null for resource files. */
  url: string | null;
}

const randomName = () => randomBytes(16).toString('hex');

/** Receives uploads (content checked, size per kind) and hands them to the resource authoring. */
export class UploadsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Checks every file (kind by content, size per kind) before anything is stored; then stores the
   * files from the temporary folder (resource files in the private area under `pending/`,
   * thumbnails in the public one) and records them in one transaction. Any failure stores nothing
   * (files already stored are removed again). Message attachments (`purpose` 'message'):
   * images and PDFs only (FILE_TYPE), at most 5, within the uploader's daily quota, checked in
   * that transaction under their advisory lock (RATE_LIMITED).
   */
  async receive(
    user: User,
    storage: AppStorage,
    limits: UploadLimits,
    files: ReceivedFile[],
    thumbnail: ReceivedFile | null,
    purpose: UploadPurpose = 'resource',
  ): Promise<{ files: StoredUpload[]; thumbnail: StoredUpload | null }> {
    const forMessage = purpose === 'message';
    const maxFiles = forMessage ? MAX_MESSAGE_FILES_PER_UPLOAD : MAX_FILES_PER_UPLOAD;
    if (files.length === 0 && !thumbnail) {
      throw new DomainError('INVALID_INPUT', 'Choose at least one file to upload', 'files');
    }
    if (files.length > maxFiles) {
      throw new DomainError('INVALID_INPUT', `Upload at most ${maxFiles} files at once`, 'files');
    }
    if (forMessage && thumbnail) {
      throw new DomainError(
        'INVALID_INPUT',
        'Send message attachments in the field "files" only',
        'thumbnail',
      );
    }
    const checked: { file: ReceivedFile; detected: DetectedFile; name: string }[] = [];
    for (const file of files) {
      const name = sanitizeFileName(file.originalName);
      const detected = await detectFileKindOnDisk(file.path, name);
      if (!detected) {
        throw forMessage ? notMessageAttachment(name) : unsupportedFile(name);
      }
      if (forMessage && !MESSAGE_UPLOAD_TYPES.includes(detected.contentType))
        throw notMessageAttachment(name);
      this.checkSize(name, file.size, detected, limits, 'files');
      checked.push({ file, detected, name });
    }
    let thumb: { file: ReceivedFile; webp: Buffer; name: string } | null = null;
    if (thumbnail) {
      const name = sanitizeFileName(thumbnail.originalName);
      const detected = await detectFileKindOnDisk(thumbnail.path, name);
      if (!detected || detected.kind !== 'image') throw thumbnailNotImage();
      this.checkSize(name, thumbnail.size, detected, limits, 'thumbnail');
      // Stored as shown: a 16:9 WebP of at most 960 × 540 (storage/image-resize.ts).
      const webp = await toWebp(thumbnail.path, THUMBNAIL_SIZE);
      if (!webp) throw thumbnailNotImage();
      thumb = { file: thumbnail, webp, name };
    }

    // Stored before the transaction, so no database connection (nor the uploader's quota lock)
    // waits for a large file to reach S3; a refusal or failure in it removes them again.
    const stored: { area: Storage; key: string }[] = [];
    try {
      const files: { checked: (typeof checked)[number]; storageKey: string }[] = [];
      for (const entry of checked) {
        const storageKey = `pending/${randomName()}`;
        await storage.private.putFile(storageKey, entry.file.path, {
          contentType: entry.detected.contentType,
        });
        stored.push({ area: storage.private, key: storageKey });
        files.push({ checked: entry, storageKey });
      }
      let thumbKey: string | null = null;
      if (thumb) {
        thumbKey = `thumbnails/${randomName()}.webp`;
        await storage.public.put(thumbKey, thumb.webp, { contentType: 'image/webp' });
        stored.push({ area: storage.public, key: thumbKey });
        await fs.promises.rm(thumb.file.path, { force: true });
      }
      return await this.em.transactional(async (em) => {
        if (forMessage) {
          const bytes = checked.reduce((sum, { file }) => sum + file.size, 0);
          await assertMessageUploadQuota(em, user.id, bytes);
        }
        const uploads: StoredUpload[] = files.map(({ checked: { file, detected, name }, storageKey }) => ({
          upload: em.create(Upload, {
            owner: user,
            storageKey,
            fileName: name,
            sizeBytes: file.size,
            contentType: detected.contentType,
            kind: detected.kind,
            purpose,
            public: false,
          }),
          url: null,
        }));
        let storedThumb: StoredUpload | null = null;
        if (thumb && thumbKey) {
          const upload = em.create(Upload, {
            owner: user,
            storageKey: thumbKey,
            fileName: thumb.name,
            sizeBytes: thumb.webp.length,
            contentType: 'image/webp',
            kind: 'image',
            public: true,
          });
          storedThumb = { upload, url: storage.public.publicUrl(thumbKey) };
        }
        await em.flush();
        return { files: uploads, thumbnail: storedThumb };
      });
    } catch (error) {
      await Promise.all(stored.map(({ area, key }) => area.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  private checkSize(
    name: string,
    size: number,
    detected: DetectedFile,
    limits: UploadLimits,
    field: 'files' | 'thumbnail',
  ): void {
    const limit = limits[detected.kind];
    if (size > limit) throw fileTooLarge(name, detected.kind, limit, field);
  }
}

/**
 * Locks my unconsumed uploads with these ids inside the caller's transaction (`em`), in the
 * order given. Unknown, foreign or already used ids are an INVALID_INPUT on `field`.
 */
export async function lockMyUploads(
  em: EntityManager,
  owner: User,
  ids: string[],
  { public: isPublic, field }: { public: boolean; field: string },
): Promise<Upload[]> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !isUuid(id))) {
    throw new DomainError('INVALID_INPUT', 'Unknown upload', field);
  }
  if (unique.length === 0) return [];
  const rows = await em.execute<{ id: string }[]>(
    `select id from uploads where id in (${unique.map(() => '?').join(', ')})
       and owner_id = ? and consumed_at is null and public = ? for update`,
    [...unique, owner.id, isPublic],
  );
  if (rows.length !== unique.length) {
    throw new DomainError(
      'INVALID_INPUT',
      'An upload was not found, is not yours or was already used; upload the file again',
      field,
    );
  }
  const uploads = await em.find(Upload, { id: { $in: unique } }, { refresh: true });
  const byId = new Map(uploads.map((u) => [u.id, u]));
  return unique.map((id) => byId.get(id)!);
}

/** Marks an upload used (its file moved to where its new owner keeps it): it cannot be used again. */
export async function markUploadConsumed(em: EntityManager, uploadId: string): Promise<void> {
  await em.execute(`update uploads set consumed_at = now() where id = ?`, [uploadId]);
}
