import type { UploadKind } from './file-kind';

const MB = 1024 * 1024;

/** The largest file of each kind POST /api/upload accepts (the one place these live). */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  video: 200 * MB,
  audio: 50 * MB,
  document: 50 * MB,
  spreadsheet: 20 * MB,
  image: 10 * MB,
  text: 5 * MB,
  other: 100 * MB,
};

/** At most this many resource files per request (plus one thumbnail). */
export const MAX_FILES_PER_UPLOAD = 10;

export type UploadLimits = Record<UploadKind, number>;

/** The limits in force: the defaults, with per-kind overrides (tests lower them). */
export function uploadLimits(overrides?: Partial<Record<UploadKind, number>>): UploadLimits {
  return { ...UPLOAD_LIMITS, ...overrides };
}

/** The largest of the limits: the stream is cut there before the kind is known. */
export function largestLimit(limits: UploadLimits): number {
  return Math.max(...Object.values(limits));
}

/** "200 MB", "1.5 MB", "900 KB", "12 bytes". */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

const KIND_LABEL: Record<UploadKind, string> = {
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  spreadsheet: 'Spreadsheet',
  image: 'Image',
  text: 'Text',
  other: 'Archive',
};

export function kindLabel(kind: UploadKind): string {
  return KIND_LABEL[kind];
}

/** A message attachment is at most 10 MB. */
export const MESSAGE_ATTACHMENT_LIMIT = 10 * MB;

/** What `POST /api/upload?purpose=message` accepts, and what a message may attach: images and PDFs. */
export const MESSAGE_UPLOAD_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
];

/** At most this many files per `?purpose=message` request (a message attaches at most as many). */
export const MAX_MESSAGE_FILES_PER_UPLOAD = 5;

/** A member may upload message attachments of at most this many bytes in 24 hours. */
export const MESSAGE_UPLOAD_QUOTA_BYTES = 50 * MB;

/** The limits of `POST /api/upload?purpose=message`: each kind's, capped at 10 MB. */
export function messageUploadLimits(limits: UploadLimits): UploadLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([kind, bytes]) => [kind, Math.min(bytes, MESSAGE_ATTACHMENT_LIMIT)]),
  ) as UploadLimits;
}
