import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALBUM_IMAGE_SIZES, ERROR, SCHOOL_IMAGE_SIZES, TEAM_IMAGE_SIZES, micrositeContactSchema } from 'shared-kernel/contracts';
import { imageVariant } from '../../files/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { errorResponses, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import {
  countHit,
  findPublicSchool,
  insertContactLead,
  publicAlbumImage,
  publicAlbums,
  publicNews,
  publicSchoolImage,
  publicSettings,
  publicTeam,
  publicTeamPhoto,
  publicTimetable,
  submittedLead,
  type PublicSchool,
} from './public-repository.js';

/*
 * The public microsite API (issue 16): /public/schools/{slug}/... for the schools' public
 * pages. No session, read-only (except the contact form), cacheable: Cache-Control public
 * with max-age, a strong ETag of the body, 304 on If-None-Match. Deliberately outside
 * /api-*: no cookies are read, so the CSRF and client-version rules of /api-* have nothing to
 * protect; browsers of the configured origins (MICROSITE_ORIGINS) may call it (CORS), others
 * only from servers. The contact form makes a lead (origin microsite), limited per client
 * address and per school in the database (every API process counts together), with a
 * honeypot field and a submission key that makes a double submit answer the same lead.
 */

/** Seconds a public answer may be cached (browsers and shared caches). */
export const PUBLIC_MAX_AGE = 300;
/** Contact form limits: per client address and school, and per school. */
export const CONTACT_LIMITS = [
  { scope: 'client', max: 5, windowSeconds: 600 },
  { scope: 'school', max: 50, windowSeconds: 3600 },
] as const;

const slug = { type: 'string', minLength: 2, maxLength: 63, pattern: '^[a-z0-9][a-z0-9-]{1,62}$' } as const;
const slugParams = { type: 'object', required: ['slug'], additionalProperties: false, properties: { slug } } as const;
const imageParams = (sizes: readonly string[]) =>
  ({
    type: 'object',
    required: ['slug', 'image'],
    additionalProperties: false,
    properties: { slug, image: { type: 'string', maxLength: 40, pattern: `^[1-9][0-9]{0,9}-(${sizes.join('|')})$` } },
  }) as const;
const tags = ['public'];

function parseImage(value: string): { id: number; size: string } {
  const [id, size] = value.split('-') as [string, string];
  if (Number(id) > 2147483647) throw notFound();
  return { id: Number(id), size };
}

/** CORS for the configured origins only (never credentials). */
function allowOrigin(request: FastifyRequest, reply: FastifyReply, origins: readonly string[]): void {
  reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  if (origin && origins.includes(origin)) reply.header('access-control-allow-origin', origin);
}

/** Sends `body` as cacheable JSON with an ETag; 304 when the client has it already. */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}`).header('etag', etag);
  const sent = request.headers['if-none-match'];
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

function sendPublicImage(reply: FastifyReply, mime: string, data: Buffer, maxAge = 86400) {
  return reply
    .header('content-type', mime)
    .header('cache-control', `public, max-age=${maxAge}`)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(data);
}

export default async function publicMicrositeRoutes(app: FastifyInstance): Promise<void> {
  const origins = app.config.micrositeOrigins;
  const school = async (request: FastifyRequest): Promise<PublicSchool> => {
    const found = await findPublicSchool(app.db, (request.params as { slug: string }).slug);
    if (!found) throw notFound();
    return found;
  };
  app.addHook('onRequest', async (request, reply) => allowOrigin(request, reply, origins));

  app.options(
    '/schools/*',
    { config: { access: 'public' }, schema: { summary: 'CORS preflight (configured origins only)', tags } },
    async (request, reply) => {
      if (!reply.getHeader('access-control-allow-origin')) return reply.code(204).send();
      return reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type, if-none-match')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    },
  );

  const read = (path: string, summary: string, load: (found: PublicSchool, now: Date) => Promise<unknown>) =>
    app.get(
      `/schools/:slug/${path}`,
      { config: { access: 'public' }, schema: { summary, tags, params: slugParams, response: { 404: errorResponses[404] } } },
      async (request, reply) => {
        const found = await school(request);
        return sendCacheable(request, reply, await load(found, app.now()));
      },
    );

  read('settings', 'The school: name, address, phone, e-mail, map position (unless hidden), away info, social links, whether it has a school image and a contact form', async (found) => {
    const settings = await publicSettings(app.db, found.id);
    const { has_school_image: hasImage, ...rest } = settings as { has_school_image: boolean };
    return {
      ...rest,
      slug: found.slug,
      school_image: hasImage ? Object.fromEntries(SCHOOL_IMAGE_SIZES.map((size) => [size, `/public/schools/${found.slug}/school-image/${size}`])) : null,
    };
  });
  read('news', 'Published, unexpired, active news shown on this school (owned, for certain schools including it, for all)', async (found, now) => ({
    rows: await publicNews(app.db, found.id, now),
  }));
  read('albums', 'Published, unexpired, active albums shown on this school, images in gallery order (first = cover) with their addresses', async (found, now) => ({
    rows: (await publicAlbums(app.db, found.id, now)).map((album) => ({
      ...album,
      images: album.images.map((image) => ({
        ...image,
        urls: Object.fromEntries(ALBUM_IMAGE_SIZES.map((size) => [size, `/public/schools/${found.slug}/images/${image.id}-${size}`])),
      })),
    })),
  }));
  read('team', 'The visible team: first and last name, grade, school roles, photo addresses (no membership number, birth date or e-mail)', async (found) => ({
    rows: (await publicTeam(app.db, found.id)).map(({ photo, ...member }) => ({
      ...member,
      photo: photo ? Object.fromEntries(TEAM_IMAGE_SIZES.map((size) => [size, `/public/schools/${found.slug}/team-photos/${photo}-${size}`])) : null,
    })),
  }));
  read('timetable', 'The weekly timetable: product 1-12, name, start and end (HH:mm), weekday 1-7 (Monday = 1), link', async (found) => ({
    rows: await publicTimetable(app.db, found.id),
  }));

  app.get(
    '/schools/:slug/images/:image',
    { config: { access: 'public' }, schema: { summary: 'An image of an album shown on the school now', tags, params: imageParams(ALBUM_IMAGE_SIZES) } },
    async (request, reply) => {
      const found = await school(request);
      const { id, size } = parseImage((request.params as { image: string }).image);
      const image = await publicAlbumImage(app.db, found.id, id, app.now());
      if (!image) throw notFound();
      return sendPublicImage(reply, image.mime, await imageVariant(app.files, image.key, size));
    },
  );

  app.get(
    '/schools/:slug/team-photos/:image',
    { config: { access: 'public' }, schema: { summary: 'The photo of a visible team member', tags, params: imageParams(TEAM_IMAGE_SIZES) } },
    async (request, reply) => {
      const found = await school(request);
      const { id, size } = parseImage((request.params as { image: string }).image);
      const photo = await publicTeamPhoto(app.db, found.id, id);
      if (!photo) throw notFound();
      return sendPublicImage(reply, photo.mime, await imageVariant(app.files, photo.key, size));
    },
  );

  app.get(
    '/schools/:slug/school-image/:size',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The school image (3:1)',
        tags,
        params: { type: 'object', required: ['slug', 'size'], additionalProperties: false, properties: { slug, size: { type: 'string', enum: [...SCHOOL_IMAGE_SIZES] } } },
      },
    },
    async (request, reply) => {
      const found = await school(request);
      const image = await publicSchoolImage(app.db, found.id);
      if (!image) throw notFound();
      // The school may replace its image under the same address: a short max-age.
      return sendPublicImage(reply, image.mime, await imageVariant(app.files, image.key, (request.params as { size: string }).size), PUBLIC_MAX_AGE);
    },
  );

  app.post(
    '/schools/:slug/contact',
    {
      config: { access: 'public' },
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'The contact form: makes one lead (origin microsite) per submission_key; `website` is a honeypot and must stay empty; too many submissions: 429 {error: 37} with Retry-After',
        tags,
        params: slugParams,
        body: {
          type: 'object',
          required: ['lastname', 'submission_key'],
          additionalProperties: false,
          properties: {
            firstname: { type: 'string', maxLength: 100 },
            lastname: { type: 'string', maxLength: 100 },
            email: { type: 'string', maxLength: 200 },
            phone: { type: 'string', maxLength: 40 },
            message: { type: 'string', maxLength: 4000 },
            submission_key: { type: 'string', maxLength: 64 },
            website: { type: 'string', maxLength: 500 },
          },
        },
        response: { ...errorResponses, 429: errorResponses[400], 200: successSchema },
      },
    },
    async (request, reply) => {
      const found = await school(request);
      if (!found.contact_form_on) throw notFound();
      const form = validate(micrositeContactSchema, request.body);
      // A double submit (same key) answers as the first did, without counting again.
      if ((await submittedLead(app.db, found.id, form.submission_key)) !== null) return { success: true };
      const now = app.now();
      for (const limit of CONTACT_LIMITS) {
        const bucket = limit.scope === 'client' ? `contact:${found.id}:${request.ip}` : `contact:${found.id}`;
        const { hits, resetAt } = await countHit(app.db, bucket, now, limit.windowSeconds);
        if (hits > limit.max) {
          const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
          throw new HttpError(429, { error: ERROR.contactThrottled }, { 'retry-after': String(retryAfter) });
        }
      }
      // A bot filled the hidden field: answer as if it worked, keep nothing.
      if (form.website) return { success: true };
      const duplicate = Symbol('duplicate');
      try {
        await app.db.transaction(async (tx) => {
          if ((await insertContactLead(tx, found.id, form)) === null) throw duplicate;
        });
      } catch (error) {
        if (error !== duplicate) throw error;
      }
      reply.code(200);
      return { success: true };
    },
  );
}
