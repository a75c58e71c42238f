import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Attributes of a Set-Cookie header this server writes. */
export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  expires?: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Cookies of the request by name (first occurrence wins). */
    cookies: Record<string, string>;
  }
  interface FastifyReply {
    setCookie(name: string, value: string, options?: CookieOptions): FastifyReply;
    clearCookie(name: string, options?: CookieOptions): FastifyReply;
  }
}

const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Parses a Cookie header; malformed pairs are skipped, never thrown on. */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!NAME.test(name) || name in cookies) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** Serialises a Set-Cookie header value. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!NAME.test(name)) throw new Error(`invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite[0].toUpperCase()}${options.sameSite.slice(1)}`);
  return parts.join('; ');
}

/**
 * Cookie parsing (request.cookies) and writing (reply.setCookie / clearCookie). Small and
 * synchronous on purpose: the session cookie is an opaque random token, nothing is signed.
 */
export default fp(
  async function cookies(app: FastifyInstance) {
    app.decorateRequest('cookies', null as never);
    app.decorateReply('setCookie', function setCookie(this, name: string, value: string, options?: CookieOptions) {
      return this.header('set-cookie', serializeCookie(name, value, options));
    });
    app.decorateReply('clearCookie', function clearCookie(this, name: string, options?: CookieOptions) {
      return this.header('set-cookie', serializeCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) }));
    });
    app.addHook('onRequest', async (request) => {
      request.cookies = parseCookieHeader(request.headers.cookie);
    });
  },
  { name: 'cookie' },
);
