import type { FastifyInstance } from 'fastify';
import { ERROR, NEW_CONCLUSION_FRAME_FLAG, type OnlineContractsFrame } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { signOnlineContractsToken } from './frame-token.js';

/**
 * /api-conclusion/frame-token (beta flag new_conclusion_frame, spec 000 §2): the
 * online-contracts page the new-conclusion screen frames, with a signed token in its query.
 * Not switched on or not configured (BETA_FLAGS, ONLINE_CONTRACTS_URL, ONLINE_CONTRACTS_SECRET):
 * 404 {error: 65}. Register with `app.register(frameTokenRoutes, { prefix: '/api-conclusion' })`.
 */
export default async function frameTokenRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/frame-token',
    {
      config: { access: { atoms: ['conclusion_w'] } },
      schema: {
        summary:
          'The online-contracts page URL with a token (JWT HS256, claims schools = active school ids of the session, exp = now + 300000 ms) and its origin; beta flag off or not configured: 404 {error: 65}',
        tags: ['api-conclusion'],
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
    async (request, reply): Promise<OnlineContractsFrame> => {
      const { onlineContractsUrl, onlineContractsSecret, betaFlags, publicUrl } = app.config;
      if (!betaFlags.includes(NEW_CONCLUSION_FRAME_FLAG) || !onlineContractsUrl || !onlineContractsSecret) {
        throw new HttpError(404, { error: ERROR.onlineContractsNotConfigured });
      }
      // Tokens are per user and short-lived: never cached.
      reply.header('cache-control', 'no-store');
      const page = new URL(onlineContractsUrl);
      const { token, exp } = await signOnlineContractsToken(
        { sub: String(request.session!.user.id), schools: request.scope!.schoolIds, aud: page.origin, iss: publicUrl },
        onlineContractsSecret,
        app.now(),
      );
      page.searchParams.set('token', token);
      return { url: page.toString(), origin: page.origin, token, exp: exp.toISOString() };
    },
  );
}
