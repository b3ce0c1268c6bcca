import { useCallback, useEffect, useRef, useState } from 'react';
import { precheckFile, type UploadedFile, type UploadLimitInfo, uploadResourceFile } from './uploadFiles';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** 0–1 while sending. */
  progress: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
  uploaded?: UploadedFile;
}

let counter = 0;

/**
 * Files picked for a resource: each is checked against the limits, then sent on its own to
 * /api/upload with its own progress; a refused file keeps its message until it is removed.
 */
export function useFileUploads(limits: UploadLimitInfo[], maxFiles: number) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const aborts = useRef(new Map<string, () => void>());

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const room = Math.max(0, maxFiles - items.filter((i) => i.status !== 'error').length);
      const fresh: UploadItem[] = files.map((file, index) => {
        const key = `upload-${++counter}`;
        const error =
          index >= room ? `"${file.name}": at most ${maxFiles} files at once.` : precheckFile(file, limits);
        if (error) return { key, name: file.name, size: file.size, progress: 0, status: 'error', error };
        const { promise, abort } = uploadResourceFile('files', file, (share) =>
          patch(key, { progress: share }),
        );
        aborts.current.set(key, abort);
        promise
          .then((answer) => patch(key, { status: 'done', progress: 1, uploaded: answer.files[0] }))
          .catch((e: unknown) =>
            patch(key, { status: 'error', error: e instanceof Error ? e.message : 'The upload failed.' }),
          )
          .finally(() => aborts.current.delete(key));
        return { key, name: file.name, size: file.size, progress: 0, status: 'uploading' };
      });
      setItems((list) => [...list, ...fresh]);
    },
    [items, limits, maxFiles, patch],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.();
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(() => setItems([]), []);

  const done = items.filter((i) => i.status === 'done' && i.uploaded);
  return {
    items,
    add,
    remove,
    reset,
    uploadIds: done.map((i) => i.uploaded!.uploadId),
    firstKind: done[0]?.uploaded?.kind ?? null,
    busy: items.some((i) => i.status === 'uploading'),
    failed: items.some((i) => i.status === 'error'),
  };
}

export type FileUploads = ReturnType<typeof useFileUploads>;
