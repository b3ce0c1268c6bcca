// The uploads module's front door: what other modules may use of it.
export {
  MAX_MESSAGE_FILES_PER_UPLOAD,
  MESSAGE_ATTACHMENT_LIMIT,
  MESSAGE_UPLOAD_TYPES,
} from './upload-limits';
export { lockMyUploads, markUploadConsumed } from './uploads.service';
export { SIGNATURE_BYTES, signatureKind } from './file-kind';
