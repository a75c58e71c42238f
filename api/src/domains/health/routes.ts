import type { FastifyInstance } from 'fastify';
import { ERROR } from 'shared-kernel/contracts';

const READY_TIMEOUT_MS = 1_000;

/** /healthz: the process answers. /readyz: the database answers SELECT 1 within a second. */
export default async function healthRoutes(app: FastifyInstance) {
  const hidden = { hide: true } as Record<string, unknown>;
  app.get('/healthz', { config: { access: 'public' }, schema: hidden, logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version: app.config.version };
  });

  app.get('/readyz', { config: { access: 'public' }, schema: hidden, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([app.db.ping(), timeout]);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.code(503).send({ error: ERROR.communication });
    } finally {
      clearTimeout(timer);
    }
  });
}
