import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import type { Storage } from '../../storage/storage';
import { MAX_MESSAGE_FILES_PER_UPLOAD, MESSAGE_ATTACHMENT_LIMIT, MESSAGE_UPLOAD_TYPES } from '../uploads';
import { lockMyUploads, markUploadConsumed } from '../uploads';
import type { User } from '../users';

/** What may be attached to a message (also a check constraint of message_attachments). */
export const ATTACHMENT_TYPES = MESSAGE_UPLOAD_TYPES;
export const MAX_ATTACHMENT_BYTES = MESSAGE_ATTACHMENT_LIMIT;
export const MAX_ATTACHMENTS = MAX_MESSAGE_FILES_PER_UPLOAD;

const FIELD = 'attachmentUploadIds';

/** A move of a private file (keys) done inside the send transaction; undone when it fails. */
export interface AttachmentMove {
  from: string;
  to: string;
}

/** Moves files back to where they were (after the transaction that moved them failed). */
export async function undoMoves(files: Storage, moves: AttachmentMove[]): Promise<void> {
  for (const move of [...moves].reverse()) {
    await files.move(move.to, move.from).catch(() => undefined);
  }
}

/**
 * Attaches my unused uploads to a new message, inside the send transaction: each must be an image
 * or a PDF of at most 10 MB (FILE_TYPE, FILE_TOO_LARGE), at most 5 (INVALID_INPUT). The upload is
 * consumed and its file moves from `pending/…` to `messages/<conversation id>/…` in the private
 * area of the app's storage (`files`); the moves are recorded in `moves` so the caller can undo them when the transaction fails.
 */
export async function attachUploads(
  em: EntityManager,
  sender: User,
  conversationId: string,
  messageId: string,
  uploadIds: string[],
  files: Storage,
  moves: AttachmentMove[],
): Promise<void> {
  const unique = [...new Set(uploadIds)];
  if (unique.length === 0) return;
  if (unique.length > MAX_ATTACHMENTS) {
    throw new DomainError('INVALID_INPUT', `Attach at most ${MAX_ATTACHMENTS} files to a message`, FIELD);
  }
  const uploads = await lockMyUploads(em, sender, unique, { public: false, field: FIELD });
  for (const upload of uploads) {
    if (!ATTACHMENT_TYPES.includes(upload.contentType)) {
      throw new DomainError(
        'FILE_TYPE',
        `“${upload.fileName}” cannot be attached: attach images (JPEG, PNG, GIF, WebP) or PDF files`,
        FIELD,
      );
    }
    if (upload.sizeBytes > MAX_ATTACHMENT_BYTES) {
      throw new DomainError('FILE_TOO_LARGE', `“${upload.fileName}” is larger than 10 MB`, FIELD);
    }
  }
  for (const [position, upload] of uploads.entries()) {
    const storageKey = `messages/${conversationId}/${randomBytes(16).toString('hex')}`;
    await em.execute(
      `insert into message_attachments (id, message_id, storage_key, file_name, content_type, size_bytes, position)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [randomUUID(), messageId, storageKey, upload.fileName, upload.contentType, upload.sizeBytes, position],
    );
    await markUploadConsumed(em, upload.id);
    const move = { from: upload.storageKey, to: storageKey };
    await files.move(move.from, move.to);
    moves.push(move);
  }
}

/** The file of an attachment for a participant of its conversation; null for anyone else. */
export async function attachmentForParticipant(
  em: EntityManager,
  userId: string,
  conversationId: string,
  attachmentId: string,
): Promise<{ storageKey: string; fileName: string; contentType: string } | null> {
  const rows = await em.execute<{ storage_key: string; file_name: string; content_type: string }[]>(
    `select a.storage_key, a.file_name, a.content_type
       from message_attachments a
       join messages m on m.id = a.message_id
       join conversation_participants p on p.conversation_id = m.conversation_id and p.user_id = ?
      where a.id = ? and m.conversation_id = ?`,
    [userId, attachmentId, conversationId],
  );
  const [row] = rows;
  return row ? { storageKey: row.storage_key, fileName: row.file_name, contentType: row.content_type } : null;
}
