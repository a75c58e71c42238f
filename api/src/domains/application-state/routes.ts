import type { FastifyInstance } from 'fastify';
import type { AppState } from 'shared-kernel/contracts';
import { toSessionInfo } from '../auth/session-info.js';
import { errorResponses, sessionInfoSchema } from '../../lib/route-schemas.js';

/** /api-application-state: what the shell needs to start (session plus product settings). */
export default async function applicationStateRoutes(app: FastifyInstance) {
  app.get(
    '/get-state',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Bootstrap the shell: session, country, currency, brand, beta flags, versions',
        tags: ['session'],
        querystring: {
          type: 'object',
          properties: { module: { type: 'string', enum: ['main'], default: 'main' } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              ...sessionInfoSchema.properties,
              country: { type: 'string' },
              currency: { type: 'string' },
              brand: { type: 'string' },
              beta: { type: 'object', additionalProperties: { type: 'boolean' } },
              disabledMemberStatuses: { type: 'array', items: { type: 'integer' } },
              version: { type: 'string' },
              minClientVersion: { type: 'string' },
              eventsCalendarUrl: { type: 'string' },
              mapTileUrl: { type: 'string' },
              mapAttribution: { type: 'string' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<AppState> => {
      const session = request.session!;
      const config = app.config;
      reply.header('cache-control', 'no-store');
      return {
        ...toSessionInfo(session),
        country: config.country,
        currency: config.currency,
        brand: config.networkBrand,
        beta: Object.fromEntries(config.betaFlags.map((name) => [name, true])),
        disabledMemberStatuses: config.disabledMemberStatuses,
        version: config.version,
        minClientVersion: config.minClientVersion,
        eventsCalendarUrl: config.eventsCalendarUrl,
        mapTileUrl: config.mapTileUrl,
        mapAttribution: config.mapAttribution,
      };
    },
  );
}
