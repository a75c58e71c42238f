import type { FastifyInstance } from 'fastify';
import { ERROR, HELP_VIDEO_KEYS, type HelpVideoInfo } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { findCaptions, findVideo, isHelpVideoKey, listVideos, parseRange, readPart } from './videos.js';

const keyQuery = {
  type: 'object',
  required: ['k'],
  additionalProperties: false,
  properties: { k: { type: 'string', enum: [...HELP_VIDEO_KEYS] } },
} as const;

const notInstalled = () => new HttpError(404, { error: ERROR.videoNotInstalled });

/**
 * /api-base/video (spec 002 §7 `GET /api-base/video?k`), /api-base/videos and
 * /api-base/video-captions: the help tutorials of /m-help and /c-help from VIDEO_DIR, with
 * HTTP range requests (the player seeks). One of several plugins under /api-base; register
 * with `app.register(helpVideoRoutes, { prefix: '/api-base' })`.
 */
export default async function helpVideoRoutes(app: FastifyInstance): Promise<void> {
  const dir = app.config.videoDir;

  app.get(
    '/videos',
    {
      config: { access: 'session' },
      schema: {
        summary: 'The eight help tutorials and whether this server has each (and its captions)',
        tags: ['api-base'],
        response: {
          ...errorResponses,
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['k', 'installed', 'captions', 'type'],
              properties: { k: { type: 'string' }, installed: { type: 'boolean' }, captions: { type: 'boolean' }, type: { type: ['string', 'null'] } },
            },
          },
        },
      },
    },
    async (): Promise<HelpVideoInfo[]> => listVideos(dir),
  );

  app.get(
    '/video',
    {
      config: { access: 'session' },
      schema: {
        summary:
          'A help video (k = one of the eight keys). Range requests answer 206 with Content-Range; a range outside the file 416; not installed 404 {error: 33}',
        tags: ['api-base'],
        querystring: keyQuery,
        response: { ...errorResponses, 200: { type: 'string', format: 'binary' }, 206: { type: 'string', format: 'binary' }, 416: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const { k } = request.query as { k: string };
      if (!isHelpVideoKey(k)) throw notInstalled();
      const video = await findVideo(dir, k);
      if (!video) throw notInstalled();
      const range = parseRange(request.headers.range, video.size);
      reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${video.size}`).send({ error: ERROR.generic });
      }
      reply.header('content-type', video.type).header('cache-control', 'private, max-age=3600');
      if (range === 'all') return reply.header('content-length', String(video.size)).send(readPart(video.path));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${video.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(readPart(video.path, range));
    },
  );

  app.get(
    '/video-captions',
    {
      config: { access: 'session' },
      schema: {
        summary: 'The WebVTT captions of a help video; none: 404 {error: 33}',
        tags: ['api-base'],
        querystring: keyQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { k } = request.query as { k: string };
      if (!isHelpVideoKey(k)) throw notInstalled();
      const captions = await findCaptions(dir, k);
      if (!captions) throw notInstalled();
      return reply
        .header('content-type', 'text/vtt; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-length', String(captions.size))
        .send(readPart(captions.path));
    },
  );
}
