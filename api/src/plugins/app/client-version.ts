import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ERROR } from 'shared-kernel/contracts';
import { HttpError, forbidden } from '../../lib/http-error.js';
import { isApiRequest } from '../../lib/request-path.js';
import { compareSemver, parseSemver } from '../../lib/semver.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence and stale-client check for /api-* (decided on the routed path, so
 * `/%61pi-fin/income` is checked like `/api-fin/income`):
 * - a state-changing request needs the `X-Client-Version` header (a cross-site form or
 *   image cannot set it) and must not be marked `Sec-Fetch-Site: cross-site`: else 403 {error: 3};
 * - any request whose X-Client-Version is lower than MIN_CLIENT_VERSION gets 412 {error: 1},
 *   which makes the shell reload its bundles.
 */
export default fp(
  async function clientVersion(app: FastifyInstance) {
    const minimum = app.config.minClientVersion;
    app.addHook('onRequest', async (request) => {
      if (!isApiRequest(request)) return;
      const header = request.headers['x-client-version'];
      const version = Array.isArray(header) ? header[0] : header;
      if (STATE_CHANGING.has(request.method)) {
        if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden();
        if (!version) throw forbidden();
      }
      if (version !== undefined) {
        if (!parseSemver(version) || compareSemver(version, minimum) < 0) {
          throw new HttpError(412, { error: ERROR.communication });
        }
      }
    });
  },
  { name: 'client-version', dependencies: ['error-handler'] },
);
