import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorCode } from 'shared-kernel';
import { ALBUM_FILE_MAX_BYTES, ERROR, type AlbumFile } from 'shared-kernel/contracts';
import { uploadAlbumImage } from '../api/album-api.js';

/** An image being sent. */
export interface RunningUpload {
  key: number;
  name: string;
}

/** An image the server (or the size limit) refused. */
export interface RefusedUpload {
  key: number;
  name: string;
  code: number;
}

let nextKey = 1;

/**
 * Uploads album images as soon as they are picked or dropped, one request per image, each
 * shown as running until it is stored. Stored images wait in `stored` (to append, or to put at `replaceIndex`) until the
 * form takes them (`take`). Running uploads are aborted when the form closes; while any runs the
 * form may not be saved (spec 002 §5).
 */
/** An image stored by the server, waiting for the form. */
export interface StoredUpload {
  file: AlbumFile;
  replaceIndex: number | null;
}

export function useAlbumUploads(schoolId: number | null) {
  const [running, setRunning] = useState<RunningUpload[]>([]);
  const [refused, setRefused] = useState<RefusedUpload[]>([]);
  const controllers = useRef(new Set<AbortController>());
  const [stored, setStored] = useState<StoredUpload[]>([]);
  useEffect(() => {
    const active = controllers.current;
    return () => active.forEach((controller) => controller.abort());
  }, []);

  const upload = useCallback(
    (files: File[], replaceIndex: number | null = null) => {
      if (schoolId === null) return;
      for (const file of files) {
        const key = nextKey++;
        if (file.size > ALBUM_FILE_MAX_BYTES) {
          setRefused((list) => [...list, { key, name: file.name, code: ERROR.fileTooLarge }]);
          continue;
        }
        const controller = new AbortController();
        controllers.current.add(controller);
        setRunning((list) => [...list, { key, name: file.name }]);
        uploadAlbumImage(file, schoolId, controller.signal)
          .then(
            (image) => {
              if (!controller.signal.aborted) setStored((list) => [...list, { file: image, replaceIndex }]);
            },
            async (error: unknown) => {
              if (controller.signal.aborted) return;
              const code = await toErrorCode(error);
              setRefused((list) => [...list, { key, name: file.name, code }]);
            },
          )
          .finally(() => {
            controllers.current.delete(controller);
            setRunning((list) => list.filter((entry) => entry.key !== key));
          });
      }
    },
    [schoolId],
  );

  const dismiss = useCallback((key: number) => setRefused((list) => list.filter((entry) => entry.key !== key)), []);
  // Removes exactly the uploads the form took: one stored meanwhile (its update queued before
  // this one) stays for the next round instead of being emptied away with them.
  const take = useCallback((taken: readonly StoredUpload[]) => setStored((list) => list.filter((entry) => !taken.includes(entry))), []);
  return { running, refused, stored, busy: running.length > 0, upload, dismiss, take };
}
