import sharp from 'sharp';
import { FileStore } from './file-store.js';
import { HttpError } from '../lib/http-error.js';
import { ERROR } from 'shared-kernel/contracts';

/**
 * A stored picture in a size `<width>x<height>` (0 = keep the ratio; never enlarged): a
 * derived file made on first request and kept in the store (`<key>.<size>`), so each size is
 * computed once. A missing original answers 404.
 */
export async function imageVariant(store: FileStore, fileKey: string, size: string): Promise<Buffer> {
  const variant = FileStore.variantKey(fileKey, size);
  if ((await store.size(variant)) !== null) return store.read(variant);
  if ((await store.size(fileKey)) === null) throw new HttpError(404, { error: ERROR.generic });
  const [width, height] = size.split('x').map(Number);
  const data = await sharp(await store.read(fileKey))
    .resize({ width: width || undefined, height: height || undefined, withoutEnlargement: true })
    .toBuffer();
  await store.put(data, variant);
  return data;
}
