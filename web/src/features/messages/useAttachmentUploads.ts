import { useCallback, useEffect, useRef, useState } from 'react';
import { ATTACHMENT_MAX_COUNT, attachmentProblem } from './messagesFormat';

/** Where message attachments are uploaded before the message that uses them is sent. */
export const ATTACHMENT_UPLOAD_URL = '/api/upload?purpose=message';

export interface AttachmentItem {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  /** 0–1 while sending. */
  progress: number;
  error?: string;
  uploadId?: string;
}

let counter = 0;

function uploadFailure(status: number): string {
  if (status === 401) return 'Your session has ended. Sign in again to attach files.';
  if (status === 413) return 'The file is too large: files can be at most 10 MB.';
  if (status === 415) return 'This file type cannot be attached: send images or PDF files.';
  return `The upload failed (status ${status}).`;
}

/** Sends one file to the upload endpoint, reporting progress; resolves to its upload id. */
function upload(file: File, onProgress: (share: number) => void) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    const body = new FormData();
    body.append('files', file, file.name);
    xhr.open('POST', ATTACHMENT_UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = xhr.response as { files?: { uploadId: string }[]; message?: string } | null;
      const uploadId = answer?.files?.[0]?.uploadId;
      if (xhr.status === 201 && uploadId) resolve(uploadId);
      else reject(new Error(answer?.message ?? uploadFailure(xhr.status)));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * The files attached to a message being written: each is checked (type, size, count), then
 * uploaded on its own with its progress; a refused one keeps its message until removed.
 */
export function useAttachmentUploads() {
  const [items, setItems] = useState<AttachmentItem[]>([]);
  const aborts = useRef(new Map<string, () => void>());

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const patch = useCallback((key: string, change: Partial<AttachmentItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      let kept = items.filter((i) => i.status !== 'error').length;
      const fresh = files.map((file): AttachmentItem => {
        const key = `attachment-${++counter}`;
        const error = attachmentProblem(file, kept);
        if (error) return { key, name: file.name, size: file.size, status: 'error', progress: 0, error };
        kept += 1;
        const { promise, abort } = upload(file, (share) => patch(key, { progress: share }));
        aborts.current.set(key, abort);
        promise
          .then((uploadId) => patch(key, { status: 'done', progress: 1, uploadId }))
          .catch((e: unknown) =>
            patch(key, { status: 'error', error: e instanceof Error ? e.message : 'The upload failed.' }),
          )
          .finally(() => aborts.current.delete(key));
        return { key, name: file.name, size: file.size, status: 'uploading', progress: 0 };
      });
      setItems((list) => [...list, ...fresh]);
    },
    [items, patch],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.();
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(() => setItems([]), []);

  return {
    items,
    add,
    remove,
    reset,
    uploadIds: items.flatMap((i) => (i.status === 'done' && i.uploadId ? [i.uploadId] : [])),
    busy: items.some((i) => i.status === 'uploading'),
    failed: items.some((i) => i.status === 'error'),
    full: items.filter((i) => i.status !== 'error').length >= ATTACHMENT_MAX_COUNT,
  };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
