import sharp from 'sharp';
import { isFileNotFound, variantKey, type FileStore } from './file-store.js';
import { HttpError } from '../lib/http-error.js';
import { ERROR } from 'shared-kernel/contracts';

/**
 * A stored picture in a size `<width>x<height>` (0 = keep the ratio; never enlarged): a
 * derived file made on first request and kept in the store (`<key>.<size>`), so each size is
 * computed once. A missing original answers 404. Reads are tried directly (one round trip
 * to an object store for a size already made, not a HEAD and a GET).
 */
export async function imageVariant(store: FileStore, fileKey: string, size: string): Promise<Buffer> {
  const variant = variantKey(fileKey, size);
  const made = await readOrNull(store, variant);
  if (made) return made;
  const original = await readOrNull(store, fileKey);
  if (!original) throw new HttpError(404, { error: ERROR.generic });
  const [width, height] = size.split('x').map(Number);
  const data = await sharp(original)
    .resize({ width: width || undefined, height: height || undefined, withoutEnlargement: true })
    .toBuffer();
  await store.put(data, variant);
  return data;
}

async function readOrNull(store: FileStore, key: string): Promise<Buffer | null> {
  try {
    return await store.read(key);
  } catch (error) {
    if (isFileNotFound(error)) return null;
    throw error;
  }
}
