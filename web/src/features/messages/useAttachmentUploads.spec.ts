import { describe, expect, it } from 'vitest';
import { attachmentUploadFailure } from './useAttachmentUploads';

describe('attachmentUploadFailure', () => {
  it('explains a refused attachment by its status', () => {
    expect(attachmentUploadFailure(401)).toBe('Your session has ended. Sign in again to attach files.');
    expect(attachmentUploadFailure(413)).toBe('The file is too large: files can be at most 10 MB.');
    expect(attachmentUploadFailure(415)).toBe('This file type cannot be attached: send images or PDF files.');
    expect(attachmentUploadFailure(500)).toBe('The upload failed (status 500).');
  });
});
