import type { OpenedFile } from './file-store.js';
import type { FolderFileStore } from './folder-store.js';
import type { S3FileStore } from './s3-store.js';

/** What a move did (the command prints it). */
export interface MoveCounts {
  /** Files found in the folder. */
  files: number;
  /** Uploaded in this run. */
  copied: number;
  /** In the bucket already with the same size (an earlier run, or uploaded meanwhile). */
  skipped: number;
  /** Could not be uploaded or checked (named in `failures`); a later run tries them again. */
  failed: number;
  /** Local files removed after their object was confirmed (only with deleteLocal). */
  deleted: number;
  /** Bytes uploaded in this run. */
  bytes: number;
  failures: { key: string; error: string }[];
}

export interface MoveOptions {
  /** Remove each local file once the bucket holds it with the same size. */
  deleteLocal?: boolean;
  /** Only count what would be uploaded. */
  dryRun?: boolean;
  /** Uploads at once (default 4). */
  concurrency?: number;
  /** Called every `progressEvery` files (default 500) with the counts so far. */
  onProgress?: (counts: MoveCounts) => void;
  progressEvery?: number;
}

function message(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Copies every file of the folder store into the object store under the same key (the
 * database keeps keys, so nothing in it changes). Idempotent and resumable: an object that
 * is there with the same size is skipped, anything else (missing, or cut short by an
 * interrupted run) is uploaded again; each upload is confirmed by its size before it counts
 * (and before the local file may be removed). Files stream from disk; none is held whole in
 * memory.
 */
export async function moveFolderToObjectStore(source: FolderFileStore, target: S3FileStore, options: MoveOptions = {}): Promise<MoveCounts> {
  const counts: MoveCounts = { files: 0, copied: 0, skipped: 0, failed: 0, deleted: 0, bytes: 0, failures: [] };
  const every = options.progressEvery ?? 500;

  const one = async (key: string) => {
    counts.files += 1;
    let local: OpenedFile | null = null;
    try {
      local = await source.open(key);
      if (!local) return; // removed since it was listed (deleted by the app): nothing to move
      const remote = await target.size(key);
      if (remote === local.size) {
        counts.skipped += 1;
      } else if (options.dryRun) {
        counts.copied += 1;
        counts.bytes += local.size;
        return;
      } else {
        await target.putStream(key, local.stream, local.size);
        const uploaded = await target.size(key);
        if (uploaded !== local.size) throw new Error(`the bucket holds ${uploaded ?? 'no'} bytes of ${local.size} after the upload`);
        counts.copied += 1;
        counts.bytes += local.size;
      }
      if (options.deleteLocal && !options.dryRun) {
        await source.remove(key);
        counts.deleted += 1;
      }
    } catch (error) {
      counts.failed += 1;
      counts.failures.push({ key, error: message(error) });
    } finally {
      // Closes the file when it was not read (skipped, dry run) or the upload failed.
      local?.stream.destroy();
      if (options.onProgress && counts.files % every === 0) options.onProgress(counts);
    }
  };

  // A few uploads at once: an object store's latency, not its bandwidth, bounds one at a time.
  // Workers share one iterator (an async generator queues concurrent next() calls).
  const keys = source.keys()[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await keys.next(); !next.done; next = await keys.next()) await one(next.value);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return counts;
}
