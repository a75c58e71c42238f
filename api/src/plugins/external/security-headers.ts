import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Origins of remotes served from elsewhere (absolute registry URLs), e.g. a CDN. */
export function remoteOrigins(urls: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(urls)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** CSP source of a tile URL template: its origin, with `{s}` widened to `*` (a.tile…, b.tile…). */
export function tileOrigin(template: string): string {
  const match = /^(https?:\/\/[^/]+)/i.exec(template);
  if (!match) return "'self'";
  return match[1]!.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
}

/**
 * Security headers: scripts only from this origin and the registry's remote origins (no
 * eval), styles also inline (style-loader and the charts inject them), framing only by this
 * origin, nosniff, a strict referrer policy, HSTS only on TLS requests (over plain HTTP it
 * would be wrong for a LAN install and is ignored by browsers anyway).
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const remotes = remoteOrigins(app.config.remoteUrls);
    // The student map loads tiles from the configured tile server ({s} = any subdomain).
    const tiles = app.config.mapTileUrl ? [tileOrigin(app.config.mapTileUrl)] : [];
    // /c-seminar frames the configured events page (and only that origin besides this one).
    const seminar = app.config.seminarUrl ? [new URL(app.config.seminarUrl).origin] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...remotes],
          styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
          imgSrc: ["'self'", 'data:', 'blob:', ...remotes, ...tiles],
          fontSrc: ["'self'", 'data:', ...remotes],
          connectSrc: ["'self'", ...remotes],
          frameSrc: ["'self'", ...seminar],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      xContentTypeOptions: true,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
  { name: 'security-headers' },
);
