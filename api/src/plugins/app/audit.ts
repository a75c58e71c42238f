import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPagedListBodySchema } from '../../lib/paged-list.js';
import { decidingPath, isApiRequest } from '../../lib/request-path.js';
import { insertAudit } from '../../domains/audit/repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route only reads although its method is POST (a list query in the body): not
     * audited unless refused. Set automatically for bodies made by pagedListBodySchema.
     */
    readOnly?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function entityIdOf(request: FastifyRequest): string | null {
  if (request.audit.entityId !== undefined) return String(request.audit.entityId).slice(0, 100);
  const query = request.query as Record<string, unknown> | undefined;
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id ?? query?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 100) : null;
}

/**
 * Audit trail: logins, failed logins, logouts, refusals (401/403 of declared routes) and
 * every state-changing /api-* request, with who, method, route, status, school and entity.
 * Reads are not audited, also those sent as POST (paged lists, `config.readOnly`): they
 * would fill the trail (and the recent-changes feed read from it) with one row per page
 * and cost every list request a committed write.
 * Written through the system database, outside the handler's transaction (a rolled-back
 * write is audited too), before the answer leaves: a client that saw its write succeed can
 * rely on the audit row. Skipped when the database is unreachable (503).
 */
export default fp(
  async function audit(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (route.config?.readOnly === undefined && isPagedListBodySchema(route.schema?.body)) {
        route.config = { ...route.config, readOnly: true };
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!isApiRequest(request) || !request.audit) return payload;
      const status = reply.statusCode;
      if (status === 503) return payload;
      const refused = request.audit.action === 'refused' || ((status === 401 || status === 403) && !!request.routeOptions.config?.access);
      const writes = STATE_CHANGING.has(request.method) && request.routeOptions.config?.readOnly !== true;
      if (!writes && !refused && !request.audit.action) return payload;
      const scope = request.scope?.schoolIds ?? [];
      const job = insertAudit(app.db, {
        at: app.now(),
        userId: request.audit.userId ?? request.session?.user.id ?? null,
        action: request.audit.action ?? (refused ? 'refused' : 'write'),
        method: request.method,
        route: decidingPath(request).slice(0, 200),
        status,
        schoolId: request.audit.schoolId ?? (scope.length === 1 ? scope[0] : null),
        entity: request.audit.entity ?? null,
        entityId: entityIdOf(request),
        ip: request.ip,
        detail: request.audit.detail ?? null,
      })
        .catch((error) => request.log.error({ err: error }, 'audit write failed'));
      app.track(job);
      await job;
      return payload;
    });
  },
  { name: 'audit', dependencies: ['db'] },
);
