import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { STUDENT_IMAGE_SIZES } from 'shared-kernel/contracts';
import { FileStore } from '../../files/file-store.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { findPictureByHash } from './files-repository.js';
import { errorResponses } from '../../lib/route-schemas.js';

type ImageSize = (typeof STUDENT_IMAGE_SIZES)[number];

const IMAGE_PARAM = new RegExp(`^([0-9a-f]{64})-(${STUDENT_IMAGE_SIZES.join('|')})$`);

/**
 * The picture in a size: a derived file of the stored picture, made on first request and
 * kept in the store (`<key>.<size>`). Width/height 0 keeps the aspect ratio; never enlarged.
 */
async function pictureVariant(store: FileStore, fileKey: string, size: ImageSize): Promise<Buffer> {
  const variant = FileStore.variantKey(fileKey, size);
  if ((await store.size(variant)) !== null) return store.read(variant);
  if ((await store.size(fileKey)) === null) throw notFound();
  const [width, height] = size.split('x').map(Number);
  const data = await sharp(await store.read(fileKey))
    .resize({ width: width || undefined, height: height || undefined, withoutEnlargement: true })
    .toBuffer();
  await store.put(data, variant);
  return data;
}

/**
 * /api-cubic (spec 000 §7, 001 §7): student photos in the sizes the screens show. Register
 * with `app.register(cubicRoutes, { prefix: '/api-cubic' })`. The photo of a student of
 * another school answers 404 like a missing one.
 */
export default async function cubicRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/image',
    {
      config: { access: { atoms: ['student_r'], scopedId: { in: 'query', name: 'f', resource: 'student_picture' } } },
      schema: {
        summary: `A student photo: f={picture hash}-{size} with size one of ${STUDENT_IMAGE_SIZES.join(', ')} (width x height, 0 = keep the ratio)`,
        tags: ['api-cubic'],
        querystring: {
          type: 'object',
          required: ['f'],
          additionalProperties: false,
          properties: {
            f: { type: 'string', maxLength: 80, pattern: IMAGE_PARAM.source },
            n: { type: 'string', enum: ['members'] },
          },
        },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { f } = request.query as { f: string };
      const match = IMAGE_PARAM.exec(f);
      if (!match) throw badRequest({ f: 'form.invalid' });
      const [, hash, size] = match as unknown as [string, string, ImageSize];
      const picture = await request.scoped((tx) => findPictureByHash(tx, hash));
      if (!picture) throw notFound();
      const data = await pictureVariant(app.files, picture.file_key, size);
      // The URL names the content (hash): it never changes, but only this user may see it.
      return reply
        .header('content-type', picture.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
