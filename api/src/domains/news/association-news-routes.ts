import type { FastifyInstance } from 'fastify';
import { ERROR, MSG, NEWS_BODY_MAX, associationNewsFormSchema } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { validate } from '../../lib/validate.js';
import { insertAssociationNews, listPublishedAssociationNews } from './association-news-repository.js';
import { errorResponses } from '../../lib/route-schemas.js';

const itemSchema = {
  type: 'object',
  required: ['id', 'title', 'teaser', 'body', 'date_published'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    teaser: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML (allow-list)' },
    date_published: { type: 'string', format: 'date-time' },
  },
} as const;

/**
 * /api-base/e-news (spec 002 §2.13): the association's news to its members, on the
 * association dashboard. One of several plugins under /api-base; register with
 * `app.register(associationNewsRoutes, { prefix: '/api-base' })`.
 */
export default async function associationNewsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/e-news',
    {
      config: { access: { atoms: ['e_news_r'] } },
      schema: {
        summary:
          'Newest published association news (at most 10). Needs a session linked with a membership number: otherwise 409 {error: 3, fields: {mno}}',
        tags: ['api-base'],
        response: { ...errorResponses, 200: { type: 'array', items: itemSchema }, 409: errorResponses[400] },
      },
    },
    async (request) => {
      // Association news are for members: the account must be linked with a membership number.
      if (!request.session!.user.mno) throw new HttpError(409, { error: ERROR.generic, fields: { mno: MSG.required } });
      return listPublishedAssociationNews(app.db, app.now());
    },
  );

  app.post(
    '/e-news',
    {
      // Superadmins speak for the association here.
      config: { access: { maxLevel: 1 } },
      schema: {
        summary: 'Publish an association news item (body sanitised with the allow-list; date_published defaults to now)',
        tags: ['api-base'],
        body: {
          type: 'object',
          required: ['title'],
          additionalProperties: false,
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 200 },
            teaser: { type: 'string', maxLength: 1000 },
            body: { type: 'string', maxLength: NEWS_BODY_MAX },
            date_published: { type: ['string', 'null'], maxLength: 40 },
          },
        },
        response: {
          ...errorResponses,
          200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } },
        },
      },
      bodyLimit: NEWS_BODY_MAX * 4 + 10_000,
    },
    async (request) => {
      const form = validate(associationNewsFormSchema, request.body);
      request.audit.entity = 'association_news';
      const id = await insertAssociationNews(
        app.db,
        {
          title: form.title,
          teaser: form.teaser,
          body: sanitizeRichText(form.body),
          date_published: form.date_published ?? app.now().toISOString(),
        },
        request.session!.user.id,
      );
      request.audit.entityId = id;
      return { success: true, id };
    },
  );
}
