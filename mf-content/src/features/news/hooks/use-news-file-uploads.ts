import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorCode } from 'shared-kernel';
import { ERROR, NEWS_FILE_MAX_BYTES, NEWS_MAX_FILES, type NewsFile } from 'shared-kernel/contracts';
import { uploadNewsFile } from '../api/upload-news-file.js';

/** A file being sent to the server. */
export interface PendingUpload {
  key: number;
  name: string;
}

/** A file the server (or the size and count limits) refused, with the error code to show. */
export interface FailedUpload {
  key: number;
  name: string;
  code: number;
}

/** What {@link useNewsFileUploads} gives the files field. */
export interface NewsFileUploads {
  pending: PendingUpload[];
  failed: FailedUpload[];
  /** Files uploaded since the form last took them over (see `takeUploaded`). */
  uploaded: NewsFile[];
  /** True while any upload runs: the form may not be saved then (spec 002 §5). */
  busy: boolean;
  /** Starts uploading `files`; `attached` is the number of files the item already has. */
  upload: (files: File[], attached: number) => void;
  /** Hands the finished uploads to the form (once). */
  takeUploaded: () => NewsFile[];
  dismissFailure: (key: number) => void;
}

let nextKey = 1;

/**
 * Uploads news attachments and images at once when they are picked (POST
 * /api-content/news-file), one request per file, and keeps the running, finished and refused
 * uploads. Files above the size limit or beyond the file count are refused before sending.
 * Running uploads are aborted when the form closes.
 */
export function useNewsFileUploads(): NewsFileUploads {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [failed, setFailed] = useState<FailedUpload[]>([]);
  const [uploaded, setUploaded] = useState<NewsFile[]>([]);
  const controllers = useRef(new Set<AbortController>());
  const pendingCount = useRef(0);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const upload = useCallback((files: File[], attached: number) => {
    const refused: FailedUpload[] = [];
    for (const file of files) {
      const key = nextKey++;
      if (file.size > NEWS_FILE_MAX_BYTES) {
        refused.push({ key, name: file.name, code: ERROR.fileTooLarge });
        continue;
      }
      if (attached + pendingCount.current >= NEWS_MAX_FILES) {
        refused.push({ key, name: file.name, code: ERROR.tooManyFiles });
        continue;
      }
      pendingCount.current += 1;
      const controller = new AbortController();
      controllers.current.add(controller);
      setPending((list) => [...list, { key, name: file.name }]);
      uploadNewsFile(file, controller.signal).then(
        (stored) => {
          if (controller.signal.aborted) return;
          setUploaded((list) => [...list, stored]);
        },
        async (error: unknown) => {
          if (controller.signal.aborted) return;
          const code = await toErrorCode(error);
          setFailed((list) => [...list, { key, name: file.name, code }]);
        },
      ).finally(() => {
        controllers.current.delete(controller);
        pendingCount.current -= 1;
        setPending((list) => list.filter((entry) => entry.key !== key));
      });
    }
    if (refused.length) setFailed((list) => [...list, ...refused]);
  }, []);

  const takeUploaded = useCallback(() => {
    const taken = uploaded;
    if (taken.length) setUploaded([]);
    return taken;
  }, [uploaded]);

  const dismissFailure = useCallback((key: number) => setFailed((list) => list.filter((entry) => entry.key !== key)), []);

  return { pending, failed, uploaded, busy: pending.length > 0, upload, takeUploaded, dismissFailure };
}
