import { extname } from 'node:path';
import type { UploadKind } from './file-kind';

/**
 * The kind a client says a file is, before any byte of it arrives: from its declared content type,
 * else from its name's extension (the same extensions the web's file picker offers). Only a first
 * guess for cutting the stream early; what a file is, is decided by its content.
 */

const KIND_BY_TYPE: Record<string, UploadKind> = {
  'application/pdf': 'document',
  'application/msword': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.ms-powerpoint': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
  'application/vnd.ms-excel': 'spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'text/csv': 'spreadsheet',
  'text/tab-separated-values': 'spreadsheet',
  'application/zip': 'other',
  'application/x-zip-compressed': 'other',
};

const KIND_BY_TYPE_FAMILY: Record<string, UploadKind> = {
  text: 'text',
  audio: 'audio',
  video: 'video',
  image: 'image',
};

const KIND_BY_EXTENSION: Record<string, UploadKind> = {
  pdf: 'document',
  doc: 'document',
  docx: 'document',
  ppt: 'document',
  pptx: 'document',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  csv: 'spreadsheet',
  tsv: 'spreadsheet',
  txt: 'text',
  md: 'text',
  markdown: 'text',
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

/** The declared kind; null when neither the type nor the extension names one. */
export function declaredKind(contentType: string | null | undefined, fileName: string): UploadKind | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const byType = KIND_BY_TYPE[type] ?? KIND_BY_TYPE_FAMILY[type.split('/')[0]];
  if (byType) return byType;
  return KIND_BY_EXTENSION[extname(fileName).slice(1).toLowerCase()] ?? null;
}
