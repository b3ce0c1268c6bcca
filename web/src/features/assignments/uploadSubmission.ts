/** What an upload reports while it runs and how it ends. */
export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  onDone: (videoId: string) => void;
  onError: (message: string) => void;
}

/**
 * Uploads a submission video through the videos module's tus endpoint (resumable, 16 MB parts),
 * naming the assignment in the metadata (`assignmentId` instead of a lesson). Returns the abort.
 */
export async function uploadSubmission(
  assignmentId: string,
  file: File | Blob,
  name: string,
  callbacks: UploadCallbacks,
): Promise<() => void> {
  const { Upload } = await import('tus-js-client');
  const type = file.type.split(';')[0] || 'video/webm';
  const upload = new Upload(file, {
    endpoint: '/api/videos/uploads',
    metadata: { assignmentId, filename: name, filetype: type },
    chunkSize: 16 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    fingerprint: async () => `drx-submission-${assignmentId}-${name}-${file.size}`,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => callbacks.onProgress(total ? Math.floor((sent / total) * 100) : 0),
    onError: (error) => {
      const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
      let message = error.message;
      try {
        message = body ? (JSON.parse(body) as { message?: string }).message || message : message;
      } catch {
        // not JSON: keep tus-js-client's message
      }
      callbacks.onError(message);
    },
    onSuccess: () => callbacks.onDone(upload.url?.split('/').pop() ?? ''),
  });
  const previous = await upload.findPreviousUploads();
  if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return () => void upload.abort();
}
