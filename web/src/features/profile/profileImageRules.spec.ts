import { describe, expect, it } from 'vitest';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TEXT,
  profileImageProblem,
  uploadFailureMessage,
} from './profileImageRules';

describe('profileImageProblem', () => {
  it('accepts PNG, JPEG and WebP images up to 5 MB', () => {
    expect(profileImageProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(
      profileImageProblem({
        type: 'image/jpeg',
        size: PROFILE_IMAGE_MAX_BYTES,
      }),
    ).toBeNull();
    expect(profileImageProblem({ type: 'IMAGE/WEBP', size: 10 })).toBeNull();
  });

  it('rejects other types', () => {
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) {
      expect(profileImageProblem({ type, size: 10 })).toBe(PROFILE_IMAGE_TEXT.wrongType);
    }
  });

  it('rejects files over 5 MB and empty files', () => {
    expect(
      profileImageProblem({
        type: 'image/png',
        size: PROFILE_IMAGE_MAX_BYTES + 1,
      }),
    ).toBe(PROFILE_IMAGE_TEXT.tooLarge);
    expect(profileImageProblem({ type: 'image/png', size: 0 })).toBe(PROFILE_IMAGE_TEXT.empty);
  });
});

describe('uploadFailureMessage', () => {
  it("uses the server's message", () => {
    expect(uploadFailureMessage(413, 'Payload Too Large', '{"message":"Image too large"}')).toBe(
      'Image too large',
    );
  });

  it('falls back to status and body, or status text', () => {
    expect(uploadFailureMessage(400, 'Bad Request', 'not json')).toBe('400: not json');
    expect(uploadFailureMessage(401, 'Unauthorized', '')).toBe('401: Unauthorized');
    expect(uploadFailureMessage(400, 'Bad Request', '{"error":"x"}')).toBe('400: {"error":"x"}');
    expect(uploadFailureMessage(400, 'Bad Request', '{"message":""}')).toBe('400: {"message":""}');
  });
});
