import type { Queryable } from '../../db/index.js';
import type { FileStore } from '../../files/file-store.js';
import { letterheadFromConfig, type Letterhead } from '../../letters/index.js';
import { getConfigImage, readConfigValues, type ConfigScope } from './repository.js';

/** The print settings a letter needs (spec 001, configuration keys pr_*). */
export const LETTERHEAD_KEYS = ['pr_logo', 'pr_sig', 'pr_header', 'pr_sender', 'pr_city', 'pr_footer', 'pr_layout'] as const;

/**
 * The letterhead of a school as configured (its own values, else those for all schools, else
 * the defaults), with logo and signature read from the file store: the input of
 * `renderLetter` (api/src/letters) for every letter of that school. Pass the request's scoped
 * transaction (RLS: only the caller's schools) or a system one. An image of another school,
 * or one gone from the store, is left out rather than failing the letter.
 */
export async function readLetterhead(tx: Queryable, schoolId: ConfigScope, files: Pick<FileStore, 'read'>): Promise<Letterhead> {
  const values = await readConfigValues(tx, schoolId, LETTERHEAD_KEYS);
  return letterheadFromConfig(values, async (imageId) => {
    const image = await getConfigImage(tx, imageId);
    if (!image || (image.school_id !== null && image.school_id !== schoolId)) return null;
    try {
      return await files.read(image.file_key);
    } catch {
      return null;
    }
  });
}
