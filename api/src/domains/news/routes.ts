import type { FastifyInstance } from 'fastify';
import { newsListSchema, type PagedListRequest } from 'shared-kernel/contracts';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { listNews, NEWS_LIST } from './repository.js';
import { validate } from '../../lib/validate.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { newsItemRoutes } from './news-item-routes.js';

const newsRowSchema = {
  type: 'object',
  required: ['content_id', 'schools', 'visibility', 'title', 'active', 'date_published', 'date_expired', 'content_status_id', 'school_id'],
  properties: {
    content_id: { type: 'integer' },
    schools: { type: 'array', items: { type: 'string' } },
    visibility: { type: 'integer', enum: [1, 3, 4] },
    title: { type: 'string' },
    active: { type: 'boolean' },
    date_published: { type: ['string', 'null'], format: 'date-time' },
    date_expired: { type: ['string', 'null'], format: 'date-time' },
    content_status_id: { type: 'integer' },
    school_id: { type: 'integer' },
  },
} as const;

/**
 * /api-content (spec 002 §7): microsite content of the request's schools. Register with
 * `app.register(contentRoutes, { prefix: '/api-content' })`.
 */
export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  await newsItemRoutes(app);

  app.post(
    '/news-list',
    {
      config: { access: { atoms: ['c_news_r'] } },
      schema: {
        summary: 'News visible to the schools (owned, shown to them, or for all schools), paged',
        tags: ['api-content'],
        body: pagedListBodySchema(NEWS_LIST),
        response: {
          ...errorResponses,
          200: pagedListResponseSchema(newsRowSchema),
        },
      },
    },
    async (request) => {
      const body = validate(newsListSchema, request.body);
      return request.scoped((tx) => listNews(tx, body as PagedListRequest));
    },
  );
}
