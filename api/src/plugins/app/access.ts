import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access, RouteAccessEntry } from '../../auth/access.js';
import { SESSION_COOKIE } from '../../auth/session-cookie.js';
import { PRINCIPAL_CHANNEL, SessionCache } from '../../auth/session-cache.js';
import { hashToken } from '../../auth/tokens.js';
import { forbidden, unauthorized } from '../../lib/http-error.js';
import { loadSessionPrincipal, type SessionPrincipal } from '../../domains/users/principals-repository.js';
import { touchSession } from '../../domains/auth/sessions-repository.js';
import type { RequestSession } from '../../types.js';

/** Routes that need no declaration: the generated API docs. */
function isExempt(url: string): boolean {
  return url === '/api-docs' || url.startsWith('/api-docs/');
}

// The idle expiry slides in steps of this: a session used all the time is written once a
// minute, not on every request (it then idles out 29-30 minutes after its last use).
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Loads the caller's session from the cookie with the user's permissions: from the session
 * cache when this process read it in the last few seconds and has heard of no change to it
 * since (a revoked session, a disabled user or a removed atom reach every process by NOTIFY,
 * see auth/session-cache.ts), else from the database in one query. Null when there is no
 * live session. The cache only ever saves a read: expiry is checked on every request, and a
 * session the cached copy finds expired is read again before it is refused.
 */
export async function loadRequestSession(app: FastifyInstance, request: FastifyRequest): Promise<RequestSession | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const key = tokenHash.toString('hex');
  const now = app.now();
  const idleCutoff = new Date(now.getTime() - app.config.sessionIdleMinutes * 60_000);
  let live = app.sessionCache.get(key);
  if (!live || !(live.absoluteExpiresAt > now && live.lastSeenAt > idleCutoff)) {
    const generation = app.sessionCache.begin();
    live = (await loadSessionPrincipal(app.db, tokenHash, now, idleCutoff)) ?? undefined;
    if (!live) return null;
    app.sessionCache.put(key, live, generation);
  }
  if (now.getTime() - live.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(app.db, tokenHash, now, new Date(now.getTime() - TOUCH_INTERVAL_MS));
    app.sessionCache.touched(key, now);
  }
  const { principal } = live;
  return {
    user: principal.user,
    atoms: principal.atoms,
    schools: principal.schools,
    schoolIds: principal.schools.map((s) => s.id),
    filter: principal.filter,
    tokenHash,
  };
}

/** True when the session satisfies the declaration (beyond having a session). */
export function allows(access: Exclude<Access, 'public' | 'session'>, session: RequestSession): boolean {
  if (access.maxLevel !== undefined && session.user.level > access.maxLevel) return false;
  if (access.atoms && !access.atoms.every((atom) => session.atoms.includes(atom))) return false;
  if (access.anyAtom && access.anyAtom.length && !access.anyAtom.some((atom) => session.atoms.includes(atom))) return false;
  return true;
}

/**
 * Deny by default. Every route must declare `config.access` (the server refuses to start
 * otherwise, naming the route); app.routeAccess lists the declarations. Before any body is
 * read, the guard answers 401 {error: 2} without a live session and 403 {error: 3} without
 * the atoms or level, and sets request.session and request.scope (allowed schools ∩ filter).
 */
export default fp(
  async function accessGuard(app: FastifyInstance) {
    const declared: RouteAccessEntry[] = [];
    app.decorate('routeAccess', declared);
    const sessionCache = new SessionCache<SessionPrincipal>();
    app.decorate('sessionCache', sessionCache);
    const stopListening = await app.db.listen(PRINCIPAL_CHANNEL, {
      notify: (payload) => sessionCache.invalidate(payload),
      state: (listening) => sessionCache.setListening(listening),
    });
    app.addHook('onClose', async () => {
      sessionCache.setListening(false);
      await stopListening().catch(() => undefined);
    });
    app.decorateRequest('session', null);
    app.decorateRequest('scope', null as never);
    app.decorateRequest('audit', null as never);
    app.decorateRequest('scoped', function scoped(this: FastifyRequest, fn) {
      return app.db.scoped(this.scope, fn);
    });

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (isExempt(route.url)) return;
      const access = (route.config as { access?: Access } | undefined)?.access;
      if (!access) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no config.access; every route must (deny by default)`);
      }
      for (const method of methods) {
        // HEAD routes are the automatic twins of GET routes.
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        declared.push({ method, url: route.url, access, schema: route.schema as Record<string, unknown> | undefined, bodyLimit: route.bodyLimit });
      }
    });

    app.addHook('onRequest', async (request) => {
      request.audit = {};
      request.scope = { userId: 0, schoolIds: [] };
      const access = request.routeOptions.config?.access;
      // No declaration here = the not-found handler (declared routes were checked at start).
      if (!access || access === 'public') return;
      const session = await loadRequestSession(app, request);
      if (!session) {
        request.audit.action = 'refused';
        throw unauthorized();
      }
      request.session = session;
      request.scope = { userId: session.user.id, schoolIds: session.filter.length ? session.filter : session.schoolIds };
      if (access !== 'session' && !allows(access, session)) {
        request.audit.action = 'refused';
        throw forbidden();
      }
    });
  },
  { name: 'access-guard', dependencies: ['db'] },
);
