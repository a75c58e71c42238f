import type { FastifyInstance } from 'fastify';
import { STUDENT_IMAGE_SIZES } from 'shared-kernel/contracts';
import { imageVariant } from '../../files/index.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { findPictureByHash } from './files-repository.js';
import { errorResponses } from '../../lib/route-schemas.js';

type ImageSize = (typeof STUDENT_IMAGE_SIZES)[number];

const IMAGE_PARAM = new RegExp(`^([0-9a-f]{64})-(${STUDENT_IMAGE_SIZES.join('|')})$`);

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
      const data = await imageVariant(app.files, picture.file_key, size);
      // A photo of a person: not cached (no-store, as every /api-* answer: security-headers).
      return reply
        .header('content-type', picture.mime)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
