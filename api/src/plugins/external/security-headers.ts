import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { decidingPath } from '../../lib/request-path.js';

/** Browser features the product never uses, switched off for every page it serves. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/** Headers every answer carries, also those given before routing (a malformed URL). */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'permissions-policy': PERMISSIONS_POLICY,
  'x-content-type-options': 'nosniff',
};

/**
 * Every /api-* answer is `Cache-Control: no-store`: they carry personal or money data (lists,
 * records, exports, documents, student photos), which must not stay in a browser's or a
 * proxy's cache on a shared office computer. The generated API documentation (/api-docs)
 * carries none and keeps its own caching.
 */
export function mustNotBeStored(path: string): boolean {
  return path.startsWith('/api-') && !(path === '/api-docs' || path.startsWith('/api-docs/'));
}

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
 * origin, nosniff, a strict referrer policy, camera/microphone/geolocation/payment off
 * (Permissions-Policy), HSTS only on TLS requests (over plain HTTP it would be wrong for a LAN
 * install and is ignored by browsers anyway), and no-store on API answers
 * ({@link mustNotBeStored}; set when the answer leaves, so no route can weaken it).
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const remotes = remoteOrigins(app.config.remoteUrls);
    // The student map loads tiles from the configured tile server ({s} = any subdomain).
    const tiles = app.config.mapTileUrl ? [tileOrigin(app.config.mapTileUrl)] : [];
    // /c-seminar frames the configured events page (and only that origin besides this one).
    const seminar = app.config.seminarUrl ? [new URL(app.config.seminarUrl).origin] : [];
    // The new-conclusion screen frames the online-contracts page (beta flag new_conclusion_frame).
    const onlineContracts = app.config.onlineContractsUrl ? [new URL(app.config.onlineContractsUrl).origin] : [];
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
          frameSrc: ["'self'", ...seminar, ...onlineContracts],
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
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (mustNotBeStored(decidingPath(request))) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
