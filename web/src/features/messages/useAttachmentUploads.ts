import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadWithProgress } from '../../ui/uploadWithProgress';
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

/** Why an attachment upload was refused, by HTTP status, when the server's answer does not say. */
export function attachmentUploadFailure(status: number): string {
  if (status === 401) return 'Your session has ended. Sign in again to attach files.';
  if (status === 413) return 'The file is too large: files can be at most 10 MB.';
  if (status === 415) return 'This file type cannot be attached: send images or PDF files.';
  return `The upload failed (status ${status}).`;
}

/** Sends one file to the upload endpoint, reporting progress; resolves to its upload id. */
function upload(file: File, onProgress: (share: number) => void) {
  const { promise, abort } = uploadWithProgress<{ files?: { uploadId: string }[] }>({
    url: ATTACHMENT_UPLOAD_URL,
    field: 'files',
    file,
    onProgress,
    failureText: attachmentUploadFailure,
  });
  const uploadId = promise.then((answer) => {
    const id = answer.files?.[0]?.uploadId;
    if (!id) throw new Error(attachmentUploadFailure(201));
    return id;
  });
  return { promise: uploadId, abort };
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
