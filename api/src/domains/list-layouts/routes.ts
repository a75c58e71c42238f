import type { FastifyInstance } from 'fastify';
import { listLayoutSchema, withVersion, type ListLayoutName } from 'shared-kernel/contracts';
import { savedWithVersionSchema, versionConflictResponses } from '../../lib/record-version.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { getListLayout, saveListLayout } from './repository.js';
import { listLayoutBodySchema, listLayoutQuerySchema, listLayoutReadSchema } from './schemas.js';

/**
 * /api-user/list-layout (issue 26): the caller's own saved column layout of a list (hidden
 * columns, widths, pins, order), per user and list, so it follows the user to another PC.
 * Every signed-in user, for their own layouts only (the session's user; no school data).
 * Register with `app.register(listLayoutRoutes, { prefix: '/api-user' })`.
 */
export default async function listLayoutRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { list: ListLayoutName } }>(
    '/list-layout',
    {
      config: { access: 'session' },
      schema: {
        summary: "The caller's saved column layout of the list `list` with its version; `columns` is empty when never saved (version 1)",
        tags: ['users'],
        querystring: listLayoutQuerySchema,
        response: { 200: listLayoutReadSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.session!.user.id;
      return request.scoped((tx) => getListLayout(tx, userId, request.query.list));
    },
  );

  app.put<{ Querystring: { list: ListLayoutName } }>(
    '/list-layout',
    {
      config: { access: 'session' },
      schema: {
        summary:
          "Save the caller's column layout of the list `list` read with `version` (an empty `columns` resets it to the list's default); answers the next version, 409 {error: 9} when it was saved meanwhile (another tab or PC). Bad input (column id, width, pin, a column twice, more than 100 columns): 400 {error: 4, fields}, nothing saved",
        tags: ['users'],
        querystring: listLayoutQuerySchema,
        body: listLayoutBodySchema,
        response: { 200: savedWithVersionSchema, ...versionConflictResponses, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.session!.user.id;
      const { columns, version: read } = validate(withVersion(listLayoutSchema), request.body);
      request.audit.entity = 'list_layout';
      request.audit.entityId = userId;
      const version = await request.scoped((tx) => saveListLayout(tx, userId, request.query.list, columns, read));
      return { success: true, version };
    },
  );
}
