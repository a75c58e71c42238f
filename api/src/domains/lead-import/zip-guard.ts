import { inflateRawSync } from 'node:zlib';
import { ERROR } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';

/**
 * An XLSX is a zip archive, and ExcelJS inflates all of it into memory before we can count
 * rows. An upload of a few MB may inflate to gigabytes (a zip bomb: long runs of one byte,
 * or entries that share their compressed bytes), which would take the API process down for
 * every school. So before ExcelJS sees the file, every entry of the central directory is
 * inflated here with a budget on what it really gives (the sizes the archive declares are
 * not trusted), and the file is refused (400 {error: 83}) when the archive as a whole inflates
 * beyond `maxBytes`; one that is no zip we can walk is unreadable (400 {error: 80}).
 */

/** What a workbook of LEAD_IMPORT_MAX_ROWS rows of a dozen columns inflates to, with room to spare. */
export const XLSX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Entries an XLSX export has: a handful of parts per sheet. */
const MAX_ENTRIES = 2000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const unreadable = () => new HttpError(400, { error: ERROR.importFileUnreadable });
const tooLarge = () => new HttpError(400, { error: ERROR.importTooLarge });

/** Offset of the end-of-central-directory record (it ends the file, after a comment of at most 64 KB). */
function findEnd(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (data.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

/** Why an archive was refused: no plain zip we can walk, or more than the budget. */
export class ZipRefused extends Error {
  constructor(readonly reason: 'unreadable' | 'too_large') {
    super(`zip ${reason}`);
  }
}

/** What an archive may inflate to. */
export interface ZipBudget {
  /** All entries together, inflated. */
  maxBytes: number;
  /** Entries in the central directory. */
  maxEntries: number;
  /** Refuse an entry inflating more than this many times its compressed size (once it is over 1 MB). */
  maxRatio?: number;
  /** Keep the inflated bytes (default true); a check only counts them. */
  keep?: boolean;
}

/**
 * Walks the central directory of `data` and inflates every entry within the budget (the sizes
 * the archive declares are not trusted): throws ZipRefused('too_large') for more entries or
 * bytes than allowed, ZipRefused('unreadable') for what is no plain zip. Directories are left out.
 */
export function readZipEntries(data: Buffer, budget: ZipBudget): { name: string; data: Buffer }[] {
  if (data.length < 22) throw new ZipRefused('unreadable');
  const end = findEnd(data);
  if (end < 0) throw new ZipRefused('unreadable');
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  // ZIP64 markers: an export of a few MB never needs them.
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw new ZipRefused('unreadable');
  if (entries > budget.maxEntries) throw new ZipRefused('too_large');
  const out: { name: string; data: Buffer }[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('unreadable');
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL) throw new ZipRefused('unreadable');
    const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (start + compressedSize > data.length) throw new ZipRefused('unreadable');
    const compressed = data.subarray(start, start + compressedSize);
    const remaining = budget.maxBytes - total;
    let inflated: Buffer;
    if (method === 0) {
      inflated = compressed;
    } else if (method === 8) {
      try {
        // One byte more than the budget: getting it means the budget is exceeded.
        inflated = inflateRawSync(compressed, { maxOutputLength: Math.max(1, remaining + 1) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipRefused('too_large');
        throw new ZipRefused('unreadable');
      }
    } else throw new ZipRefused('unreadable');
    total += inflated.length;
    if (total > budget.maxBytes) throw new ZipRefused('too_large');
    if (budget.maxRatio && inflated.length > 1024 * 1024 && inflated.length > budget.maxRatio * Math.max(1, compressedSize)) throw new ZipRefused('too_large');
    if (budget.keep !== false && !name.endsWith('/')) out.push({ name, data: inflated });
  }
  return out;
}

/** Throws 400 {error: 83} when the zip archive `data` inflates to more than `maxBytes` in all, 80 when it is no plain zip. */
export function assertZipInflatesWithin(data: Buffer, maxBytes = XLSX_MAX_INFLATED_BYTES): void {
  try {
    readZipEntries(data, { maxBytes, maxEntries: MAX_ENTRIES, keep: false });
  } catch (error) {
    if (error instanceof ZipRefused) throw error.reason === 'too_large' ? tooLarge() : unreadable();
    throw error;
  }
}
