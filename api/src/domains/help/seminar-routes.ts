import type { FastifyInstance } from 'fastify';
import { ERROR, type SeminarToken } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { SEMINAR_TOKEN_SECONDS, signSeminarToken } from './seminar-token.js';

/**
 * /api-base/seminar-token (spec 002 §2.21): the events page of /c-seminar and a signed token
 * (HS256, 5 minutes: user id, membership number, schools) the screen posts to that page's
 * origin only. Not configured (SEMINAR_URL, SEMINAR_SECRET): 404 {error: 34}. One of several
 * plugins under /api-base; register with `app.register(seminarRoutes, { prefix: '/api-base' })`.
 */
export default async function seminarRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/seminar-token',
    {
      config: { access: 'session' },
      schema: {
        summary: 'The seminar page URL, its origin and a token for it (JWT HS256, valid 5 minutes); not configured: 404 {error: 34}',
        tags: ['api-base'],
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['url', 'origin', 'token', 'exp'],
            properties: { url: { type: 'string' }, origin: { type: 'string' }, token: { type: 'string' }, exp: { type: 'string', format: 'date-time' } },
          },
        },
      },
    },
    async (request, reply): Promise<SeminarToken> => {
      const { seminarUrl, seminarSecret } = app.config;
      if (!seminarUrl || !seminarSecret) throw new HttpError(404, { error: ERROR.seminarNotConfigured });
      // Tokens are per user and short-lived: never cached.
      reply.header('cache-control', 'no-store');
      const origin = new URL(seminarUrl).origin;
      const session = request.session!;
      const iat = Math.floor(app.now().getTime() / 1000);
      const exp = iat + SEMINAR_TOKEN_SECONDS;
      const token = signSeminarToken(
        { sub: String(session.user.id), mno: session.user.mno, schools: session.schoolIds, aud: origin, iss: app.config.publicUrl, iat, exp },
        seminarSecret,
      );
      return { url: seminarUrl, origin, token, exp: new Date(exp * 1000).toISOString() };
    },
  );
}
