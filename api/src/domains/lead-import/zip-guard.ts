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
  throw unreadable();
}

/** Throws 400 {error: 83} when the zip archive `data` inflates to more than `maxBytes` in all, 80 when it is no plain zip. */
export function assertZipInflatesWithin(data: Buffer, maxBytes = XLSX_MAX_INFLATED_BYTES): void {
  if (data.length < 22) throw unreadable();
  const end = findEnd(data);
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  // ZIP64 markers: an export of a few MB never needs them.
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw unreadable();
  if (entries > MAX_ENTRIES) throw tooLarge();
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL) throw unreadable();
    const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (start + compressedSize > data.length) throw unreadable();
    const compressed = data.subarray(start, start + compressedSize);
    const budget = maxBytes - total;
    if (method === 0) {
      total += compressedSize;
    } else if (method === 8) {
      try {
        // One byte more than the budget: getting it means the budget is exceeded.
        total += inflateRawSync(compressed, { maxOutputLength: budget + 1 }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw unreadable();
      }
    } else throw unreadable();
    if (total > maxBytes) throw tooLarge();
  }
}
