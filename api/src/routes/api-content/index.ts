import type { FastifyInstance } from 'fastify';
import { MAX_PAGE_SIZE, NEWS_LIST_FILTER_FIELDS, NEWS_LIST_SORT_FIELDS, newsListSchema, type PagedListRequest } from 'shared-kernel/contracts';
import { listNews } from '../../repositories/news.js';
import { validate } from '../../lib/validate.js';
import { errorResponses } from '../schemas.js';

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
  app.post(
    '/news-list',
    {
      config: { access: { atoms: ['c_news_r'] } },
      schema: {
        summary: 'News visible to the schools (owned, shown to them, or for all schools), paged',
        tags: ['api-content'],
        body: {
          type: 'object',
          required: ['page', 'pageSize'],
          additionalProperties: false,
          properties: {
            page: { type: 'integer', minimum: 0, maximum: 1_000_000 },
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
            sorted: {
              type: 'array',
              maxItems: 5,
              items: {
                type: 'object',
                required: ['id', 'desc'],
                additionalProperties: false,
                properties: { id: { type: 'string', enum: [...NEWS_LIST_SORT_FIELDS] }, desc: { type: 'boolean' } },
              },
            },
            filtered: {
              type: 'array',
              maxItems: 2,
              items: {
                type: 'object',
                required: ['id', 'value'],
                additionalProperties: false,
                properties: {
                  id: { type: 'string', enum: [...NEWS_LIST_FILTER_FIELDS] },
                  value: { type: ['string', 'boolean'], maxLength: 100 },
                },
              },
            },
          },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['rows', 'pages', 'total'],
            properties: { rows: { type: 'array', items: newsRowSchema }, pages: { type: 'integer' }, total: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const body = validate(newsListSchema, request.body);
      return request.scoped((tx) => listNews(tx, body as PagedListRequest));
    },
  );
}
