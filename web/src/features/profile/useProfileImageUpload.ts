import { useCallback, useState } from 'react';
import { toaster } from '../../ui/toaster';
import { profileImageProblem, uploadFailureMessage } from './profileImageRules';

export const PROFILE_IMAGE_ENDPOINT = '/api/profile/image';

/** The user as returned by the upload endpoint (only the fields the web app reads). */
export interface UploadedProfileUser {
  profileImageUrl?: string | null;
}

const NETWORK_FAILURE = 'Could not upload the image. Please check your connection and try again.';

/**
 * Uploads a new profile image (multipart field `image`). The file is checked for type and
 * size first; the server's message is shown when it refuses the file. On success the
 * page-wide 'profile-image-updated' event makes the session (and the header avatar) reload.
 */
export function useProfileImageUpload() {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = useCallback(async (file: File): Promise<UploadedProfileUser | null> => {
    const problem = profileImageProblem(file);
    if (problem) {
      setError(problem);
      return null;
    }

    setError(null);
    setUploading(true);
    try {
      const formData = new FormData();
      formData.append('image', file);
      const response = await fetch(PROFILE_IMAGE_ENDPOINT, {
        method: 'POST',
        body: formData,
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });

      if (!response.ok) {
        const body = await response.text().catch(() => '');
        const message = uploadFailureMessage(response.status, response.statusText, body);
        setError(message);
        toaster.create({
          title: 'Profile image not updated',
          description: message,
          type: 'error',
        });
        return null;
      }

      const user = (await response.json().catch(() => ({}))) as UploadedProfileUser;
      window.dispatchEvent(new Event('profile-image-updated'));
      toaster.create({ title: 'Profile image updated', type: 'success' });
      return user;
    } catch {
      setError(NETWORK_FAILURE);
      toaster.create({
        title: 'Profile image not updated',
        description: NETWORK_FAILURE,
        type: 'error',
      });
      return null;
    } finally {
      setUploading(false);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);

  return { upload, uploading, error, clearError };
}
