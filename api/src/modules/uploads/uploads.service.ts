import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { moveFile, pathInside, removeFile, writeFileIn } from '../../storage/file-moves';
import { THUMBNAIL_SIZE, toWebp } from '../../storage/image-resize';
import type { User } from '../users/user.entity';
import { isUuid } from '../users/users.service';
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

/** Where files go: resource files in the private folder, thumbnails in the public uploads folder. */
export interface FileAreas {
  privateDir: string;
  uploadsDir: string;
}

/** A file multer wrote to the request's temporary folder. */
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
   * Checks every file (kind by content, size per kind) before anything is stored; then moves the
   * files out of the temporary folder and records them in one transaction. Any failure stores
   * nothing (files already moved are removed again). Message attachments (`purpose` 'message'):
   * images and PDFs only (FILE_TYPE), at most 5, within the uploader's daily quota, checked in
   * that transaction under their advisory lock (RATE_LIMITED).
   */
  async receive(
    user: User,
    areas: FileAreas,
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

    const moved: string[] = [];
    try {
      return await this.em.transactional(async (em) => {
        if (forMessage) {
          const bytes = checked.reduce((sum, { file }) => sum + file.size, 0);
          await assertMessageUploadQuota(em, user.id, bytes);
        }
        const stored: StoredUpload[] = [];
        for (const { file, detected, name } of checked) {
          const storageKey = `pending/${randomName()}`;
          const target = pathInside(areas.privateDir, storageKey);
          await moveFile(file.path, target);
          moved.push(target);
          const upload = em.create(Upload, {
            owner: user,
            storageKey,
            fileName: name,
            sizeBytes: file.size,
            contentType: detected.contentType,
            kind: detected.kind,
            purpose,
            public: false,
          });
          stored.push({ upload, url: null });
        }
        let storedThumb: StoredUpload | null = null;
        if (thumb) {
          const storageKey = `thumbnails/${randomName()}.webp`;
          const target = pathInside(areas.uploadsDir, storageKey);
          await writeFileIn(target, thumb.webp);
          moved.push(target);
          await removeFile(thumb.file.path);
          const upload = em.create(Upload, {
            owner: user,
            storageKey,
            fileName: thumb.name,
            sizeBytes: thumb.webp.length,
            contentType: 'image/webp',
            kind: 'image',
            public: true,
          });
          storedThumb = { upload, url: thumbnailUrl(upload) };
        }
        await em.flush();
        return { files: stored, thumbnail: storedThumb };
      });
    } catch (error) {
      await Promise.all(moved.map((file) => removeFile(file)));
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

/** The public URL of a thumbnail upload. */
export function thumbnailUrl(upload: Upload): string {
  return `/uploads/${upload.storageKey}`;
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
