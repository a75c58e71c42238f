import { ERROR } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { readZipEntries, ZipRefused } from '../lead-import/zip-guard.js';
import { camtInvalid, parseCamt, type CamtDocument } from './camt-parser.js';

/**
 * An uploaded statement file: one CAMT XML document, or a zip of several as banks deliver
 * them (a day's camt.053 and camt.054 files). The zip is inflated entry by entry within a
 * budget before any XML is read (the lead import's zip walk): at most ZIP_MAX_ENTRIES files,
 * ZIP_MAX_INFLATED_BYTES in all, and no entry inflating more than ZIP_MAX_RATIO times its
 * compressed size, so a zip bomb is refused (400 {error: 98}) having inflated at most the
 * budget. Entries that are not XML (a readme, a PDF copy of the statement) are left out; a
 * zip without any CAMT is 1000.
 */

export const ZIP_MAX_ENTRIES = 200;
export const ZIP_MAX_INFLATED_BYTES = 100 * 1024 * 1024;
/** XML of statements compresses 10-30 times; a bomb a thousand times and more. */
export const ZIP_MAX_RATIO = 200;

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
const tooLarge = () => new HttpError(400, { error: ERROR.bankArchiveTooLarge });

export function readStatementFile(data: Buffer): CamtDocument[] {
  if (!isZip(data)) return [parseCamt(data)];
  let entries: { name: string; data: Buffer }[];
  try {
    entries = readZipEntries(data, { maxBytes: ZIP_MAX_INFLATED_BYTES, maxEntries: ZIP_MAX_ENTRIES, maxRatio: ZIP_MAX_RATIO });
  } catch (error) {
    if (error instanceof ZipRefused) throw error.reason === 'too_large' ? tooLarge() : camtInvalid();
    throw error;
  }
  const xml = entries.filter((entry) => /\.xml$/i.test(entry.name) && !entry.name.split('/').some((part) => part.startsWith('__MACOSX')));
  if (xml.length === 0) throw camtInvalid();
  return xml.map((entry) => parseCamt(entry.data));
}
