import type { FastifyInstance, FastifyReply } from 'fastify';
import { ALBUM_IMAGE_SIZES, TEAM_IMAGE_SIZES } from 'shared-kernel/contracts';
import { imageVariant } from '../../files/index.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { getAlbumImage } from './album-repository.js';
import { getTeamPhoto } from './team-repository.js';

const ALBUM_IMAGE = new RegExp(`^([1-9][0-9]{0,9})-(${ALBUM_IMAGE_SIZES.join('|')})$`);
const TEAM_IMAGE = new RegExp(`^([1-9][0-9]{0,9})-(${TEAM_IMAGE_SIZES.join('|')})$`);

/** Splits `{id}-{size}` by the pattern of the sizes allowed (400 otherwise). */
function parseImage(value: string, pattern: RegExp): { id: number; size: string } {
  const match = pattern.exec(value);
  if (!match || Number(match[1]) > 2147483647) throw badRequest({ image: 'form.invalid' });
  return { id: Number(match[1]), size: match[2]! };
}

function sendImage(reply: FastifyReply, mime: string, data: Buffer) {
  // Only users of its school may see it; not cached (no-store, as every /api-* answer:
  // plugins/external/security-headers.ts).
  return reply
    .header('content-type', mime)
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

/**
 * /api-cubic/image/{fileId}-{size} (spec 002 §7): album images (covers x200) and, with
 * /members, team photos, in the sizes the screens show; each size is made once and kept.
 * Images of another school answer 404 like missing ones.
 */
export default async function micrositeImageRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/image/:image',
    {
      config: { access: { atoms: ['c_gallery_r'], scopedId: { in: 'params', name: 'image', resource: 'album_image' } } },
      schema: {
        summary: `An album image: {image id}-{size}, size one of ${ALBUM_IMAGE_SIZES.join(', ')} (width x height, 0 = keep the ratio)`,
        tags: ['api-cubic'],
        params: { type: 'object', required: ['image'], properties: { image: { type: 'string', maxLength: 40, pattern: ALBUM_IMAGE.source } } },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, size } = parseImage((request.params as { image: string }).image, ALBUM_IMAGE);
      const image = await request.scoped((tx) => getAlbumImage(tx, id));
      if (!image) throw notFound();
      return sendImage(reply, image.mime, await imageVariant(app.files, image.key, size));
    },
  );

  app.get(
    '/image/:image/members',
    {
      config: { access: { atoms: ['team_r'], scopedId: { in: 'params', name: 'image', resource: 'team_photo' } } },
      schema: {
        summary: `A team photo: {photo id}-{size}, size one of ${TEAM_IMAGE_SIZES.join(', ')}`,
        tags: ['api-cubic'],
        params: { type: 'object', required: ['image'], properties: { image: { type: 'string', maxLength: 40, pattern: TEAM_IMAGE.source } } },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, size } = parseImage((request.params as { image: string }).image, TEAM_IMAGE);
      const photo = await request.scoped((tx) => getTeamPhoto(tx, id));
      if (!photo) throw notFound();
      return sendImage(reply, photo.mime, await imageVariant(app.files, photo.key, size));
    },
  );
}
