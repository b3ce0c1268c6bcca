import { uploadWithProgress } from '../../ui/uploadWithProgress';

/** The answer of POST /api/upload. */
export interface UploadedFile {
  uploadId: string;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  kind: string;
}

export interface UploadAnswer {
  files: UploadedFile[];
  thumbnail: { uploadId: string; url: string } | null;
}

export interface UploadLimitInfo {
  kind: string;
  label: string;
  maxBytes: number;
  maxLabel: string;
}

const KIND_BY_EXTENSION: Record<string, string> = {
  pdf: 'document',
  doc: 'document',
  docx: 'document',
  pptx: 'document',
  xlsx: 'spreadsheet',
  csv: 'spreadsheet',
  tsv: 'spreadsheet',
  txt: 'text',
  md: 'text',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  flac: 'audio',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  gif: 'image',
  zip: 'other',
};

/** What the files picker accepts (the server checks the content; this only filters the dialog). */
export const ACCEPTED_EXTENSIONS = Object.keys(KIND_BY_EXTENSION)
  .map((ext) => `.${ext}`)
  .join(',');
export const THUMBNAIL_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The kind a file probably is, from its name (the server decides by its content). */
export function guessKind(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return KIND_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * A message when a file cannot be uploaded, checked before sending: an unknown extension or a
 * size over its kind's limit. Null when it may go (the server checks again, by content).
 */
export function precheckFile(file: { name: string; size: number }, limits: UploadLimitInfo[]): string | null {
  if (file.size === 0) return `"${file.name}" is empty.`;
  const kind = guessKind(file.name);
  if (!kind) {
    return `"${file.name}" is not a supported file type. Upload documents, spreadsheets, text, audio, video, images or ZIP archives.`;
  }
  const limit = limits.find((l) => l.kind === kind);
  if (limit && file.size > limit.maxBytes) {
    return `"${file.name}" is too large: ${limit.label.toLowerCase()} files can be at most ${limit.maxLabel}.`;
  }
  return null;
}

/** Sends one resource file or thumbnail to /api/upload, reporting the share sent (0–1) as it goes. */
export function uploadResourceFile(
  field: 'files' | 'thumbnail',
  file: File,
  onProgress: (share: number) => void,
): { promise: Promise<UploadAnswer>; abort: () => void } {
  return uploadWithProgress<UploadAnswer>({
    url: '/api/upload',
    field,
    file,
    onProgress,
    failureText: resourceUploadFailure,
  });
}

/** Why a resource upload was refused, by HTTP status, when the server's answer does not say. */
export function resourceUploadFailure(status: number): string {
  if (status === 401) return 'Your session has ended. Sign in again to upload.';
  if (status === 403) return 'Only sellers can upload resource files.';
  if (status === 413) return 'The file is too large.';
  if (status === 415) return 'This file type is not supported.';
  return `The upload failed (status ${status}).`;
}

/** "12.50" → 1250; null when empty, negative, not a number or more than $1,000. */
export function priceToCents(value: string): number | null {
  const text = value.trim();
  if (!text) return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  return cents <= 100_000 ? cents : null;
}

export function centsToPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}
