/** Largest profile image the server accepts (docs/web-contract.md). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Image types the server accepts; also the file picker's `accept` list. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const PROFILE_IMAGE_ACCEPT = PROFILE_IMAGE_TYPES.join(',');

export const PROFILE_IMAGE_TEXT = {
  wrongType: 'Please choose a PNG, JPEG or WebP image.',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller image.',
  empty: 'The chosen file is empty. Please choose another image.',
} as const;

/**
 * The reason a file cannot be used as a profile image, or null when it looks acceptable.
 * A quick check before uploading; the server checks the real content again.
 */
export function profileImageProblem(file: { size: number; type: string }): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return PROFILE_IMAGE_TEXT.wrongType;
  }
  if (file.size <= 0) return PROFILE_IMAGE_TEXT.empty;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_TEXT.tooLarge;
  return null;
}

/**
 * The message for a failed upload response: the server's `message` when the body carries
 * one, else the generic '{status}: {body or status text}'.
 */
export function uploadFailureMessage(status: number, statusText: string, body: string): string {
  const trimmed = body.trim();
  if (trimmed) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const message = (parsed as { message: unknown }).message;
        if (typeof message === 'string' && message.trim()) return message;
      }
    } catch {
      // not JSON: fall through to the generic message
    }
  }
  return `${status}: ${trimmed || statusText}`;
}
