import type { DomainError } from '../../graphql/errors';
import { declaredKind } from './declared-kind';
import {
  looksLikeText,
  SIGNATURE_BYTES,
  signatureKind,
  SNIFF_BYTES,
  textKind,
  type UploadKind,
  ZIP_KINDS,
} from './file-kind';
import { fileTooLarge, notMessageAttachment, thumbnailNotImage, unsupportedFile } from './upload-errors';
import { largestLimit, type UploadLimits } from './upload-limits';

/**
 * Watches one uploaded file while it streams in and says when to stop reading it. The limit in
 * force is, before any byte arrives, that of the declared kind (type, else extension; the largest
 * limit when neither names one, a thumbnail is always an image); once the first bytes are in, that
 * of the kind its signature (magic bytes) names: content wins over the declaration, as in the
 * check of the whole file afterwards. A ZIP container's kind needs its entry list at the end, so
 * it keeps the declared kind when that is a ZIP-based one, else the largest of those. Content with
 * no signature is text (by name: text or spreadsheet) or nothing known: once SNIFF_BYTES are in
 * and they are not text, it is refused at once (415). With `onlyTypes` (message attachments), a file
 * whose signature names no accepted type is refused (415) as soon as its first bytes are in.
 */
export class UploadSizeGuard {
  private readonly declared: UploadKind | null;
  private kind: UploadKind | null;
  private limit: number;
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private signature: 'pending' | 'binary' | 'none' = 'pending';
  private textChecked = false;
  /** Bytes seen so far. */
  received = 0;

  constructor(
    private readonly field: 'files' | 'thumbnail',
    private readonly name: string,
    contentType: string | null | undefined,
    private readonly limits: UploadLimits,
    /** When set, the only content types accepted (message attachments); others are refused (415) at once. */
    private readonly onlyTypes: readonly string[] | null = null,
  ) {
    this.declared = field === 'thumbnail' ? 'image' : declaredKind(contentType, name);
    this.kind = this.declared;
    this.limit = this.declared ? limits[this.declared] : largestLimit(limits);
  }

  /** Takes the next chunk; a refusal when the file must not be read any further. */
  take(chunk: Buffer): DomainError | null {
    this.received += chunk.length;
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.head.push(part);
      this.headLength += part.length;
    }
    if (this.signature === 'pending' && this.headLength >= SIGNATURE_BYTES) {
      const refusal = this.readSignature();
      if (refusal) return refusal;
    }
    if (this.signature === 'none' && !this.textChecked && this.headLength >= SNIFF_BYTES) {
      this.textChecked = true;
      if (!looksLikeText(this.headBytes())) return unsupportedFile(this.name);
    }
    if (this.received > this.limit) {
      if (this.signature === 'pending') {
        const refusal = this.readSignature();
        if (refusal) return refusal;
      }
      if (this.signature === 'none' && !looksLikeText(this.headBytes())) return unsupportedFile(this.name);
      return fileTooLarge(this.name, this.kind, this.limit, this.field);
    }
    return null;
  }

  private headBytes(): Buffer {
    return Buffer.concat(this.head, this.headLength);
  }

  private readSignature(): DomainError | null {
    const found = signatureKind(this.headBytes());
    this.signature = found ? 'binary' : 'none';
    if (this.field === 'thumbnail') {
      if (!found || found === 'zip' || found.kind !== 'image') return thumbnailNotImage();
      return null;
    }
    if (this.onlyTypes && (!found || found === 'zip' || !this.onlyTypes.includes(found.contentType))) {
      return notMessageAttachment(this.name);
    }
    if (found === 'zip') {
      this.kind =
        this.declared && ZIP_KINDS.includes(this.declared)
          ? this.declared
          : ZIP_KINDS.reduce((a, b) => (this.limits[b] > this.limits[a] ? b : a));
    } else {
      this.kind = found ? found.kind : textKind(this.name).kind;
    }
    this.limit = this.limits[this.kind];
    return null;
  }
}
