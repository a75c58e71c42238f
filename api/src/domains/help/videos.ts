import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HELP_VIDEO_KEYS, type HelpVideoInfo, type HelpVideoKey } from 'shared-kernel/contracts';

/**
 * The help videos (spec 002 §2.10) are files the installation puts into VIDEO_DIR:
 * `<key>.mp4` or `<key>.webm`, captions `<key>.vtt`. Only the known keys are ever turned into
 * a path, so no request names a file of its own.
 */

const VIDEO_TYPES = [
  { ext: 'mp4', type: 'video/mp4' },
  { ext: 'webm', type: 'video/webm' },
] as const;

export function isHelpVideoKey(key: string): key is HelpVideoKey {
  return (HELP_VIDEO_KEYS as readonly string[]).includes(key);
}

async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** The video file of a key: path, content type and size; null when not installed. */
export async function findVideo(dir: string, key: HelpVideoKey): Promise<{ path: string; type: string; size: number } | null> {
  for (const candidate of VIDEO_TYPES) {
    const path = join(dir, `${key}.${candidate.ext}`);
    const size = await fileSize(path);
    if (size !== null) return { path, type: candidate.type, size };
  }
  return null;
}

/** The captions file of a key, or null. */
export async function findCaptions(dir: string, key: HelpVideoKey): Promise<{ path: string; size: number } | null> {
  const path = join(dir, `${key}.vtt`);
  const size = await fileSize(path);
  return size === null ? null : { path, size };
}

/** Every tutorial and whether this server has it. */
export async function listVideos(dir: string): Promise<HelpVideoInfo[]> {
  return Promise.all(
    HELP_VIDEO_KEYS.map(async (k) => {
      const video = await findVideo(dir, k);
      return { k, installed: video !== null, captions: video !== null && (await findCaptions(dir, k)) !== null, type: video?.type ?? null };
    }),
  );
}

/**
 * The byte range a `Range` header asks for (RFC 9110 §14): `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`. 'all' without a header, with another unit or with several ranges (the whole
 * file answers those correctly); 'unsatisfiable' for a malformed bytes range or one outside
 * the file (416).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'all' | 'unsatisfiable' {
  if (header === undefined) return 'all';
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return 'all';
  const spec = match[1]!.trim();
  if (spec.includes(',')) return 'all';
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function readPart(path: string, range?: { start: number; end: number }): ReadStream {
  return createReadStream(path, range);
}
