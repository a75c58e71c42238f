import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'sbo_session';

/**
 * Sets the session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on
 * cross-site POSTs), Path=/, Secure when the request came over TLS (behind a proxy: with
 * TRUST_PROXY set, X-Forwarded-Proto decides), and no longer than the session can live.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}
