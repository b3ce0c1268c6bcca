/** What to send: one file under a form field to an upload endpoint. */
export interface UploadRequest {
  /** The endpoint, e.g. '/api/upload' or '/api/upload?purpose=message'. */
  url: string;
  /** The multipart form field the file goes in. */
  field: string;
  file: File;
  /** Called with the share sent so far (0–1), and with 1 once the upload is accepted. */
  onProgress: (share: number) => void;
  /** The message for a refused upload whose answer carries none, by HTTP status. */
  failureText: (status: number) => string;
}

export type UploadOutcome<Answer> = { ok: true; answer: Answer } | { ok: false; message: string };

/**
 * How an upload's answer reads: accepted only with 201 and a body; otherwise the server's
 * `message`, or the caller's text for the status.
 */
export function uploadOutcome<Answer>(
  status: number,
  response: unknown,
  failureText: (status: number) => string,
): UploadOutcome<Answer> {
  const answer = response as (Answer & { message?: unknown }) | null | undefined;
  if (status === 201 && answer) return { ok: true, answer };
  const message = typeof answer?.message === 'string' && answer.message ? answer.message : null;
  return { ok: false, message: message ?? failureText(status) };
}

/** Sends one multipart request with credentials, reporting the share sent (0–1) as it goes. */
export function uploadWithProgress<Answer>({ url, field, file, onProgress, failureText }: UploadRequest): {
  promise: Promise<Answer>;
  abort: () => void;
} {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Answer>((resolve, reject) => {
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const outcome = uploadOutcome<Answer>(xhr.status, xhr.response, failureText);
      if (outcome.ok) {
        onProgress(1);
        resolve(outcome.answer);
      } else {
        reject(new Error(outcome.message));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
