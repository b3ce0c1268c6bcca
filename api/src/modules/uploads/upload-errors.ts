import { DomainError } from '../../graphql/errors';
import type { UploadKind } from './file-kind';
import { formatLimit, kindLabel } from './upload-limits';

/** The refusals of an upload, shared by the stream check and the check of the whole file. */

/** 413: `"big.pdf" is too large: document files can be at most 50 MB`. */
export function fileTooLarge(
  name: string,
  kind: UploadKind | null,
  limit: number,
  field: 'files' | 'thumbnail',
): DomainError {
  const what = kind ? `${kindLabel(kind).toLowerCase()} files` : 'files';
  return new DomainError(
    'FILE_TOO_LARGE',
    `"${name}" is too large: ${what} can be at most ${formatLimit(limit)}`,
    field,
  );
}

/** 415: content of no known kind. */
export function unsupportedFile(name: string): DomainError {
  return new DomainError(
    'FILE_TYPE',
    `"${name}" is not a supported file type. Upload documents (PDF, Word, PowerPoint), spreadsheets (Excel, CSV), text, audio, video, images or ZIP archives.`,
    'files',
  );
}

/** 415: a thumbnail that is not an image. */
export function thumbnailNotImage(): DomainError {
  return new DomainError('FILE_TYPE', 'The thumbnail must be a PNG, JPEG, WebP or GIF image', 'thumbnail');
}

/** 415: a message attachment that is not an image or a PDF (`?purpose=message`). */
export function notMessageAttachment(name: string): DomainError {
  return new DomainError(
    'FILE_TYPE',
    `"${name}" cannot be attached to a message: attach images (JPEG, PNG, GIF, WebP) or PDF files`,
    'files',
  );
}
