import { createHmac } from 'node:crypto';

/**
 * The token /c-seminar posts to the configured events page: a JWT (RFC 7519) signed with
 * HS256 and SEMINAR_SECRET. Built with node:crypto (one HMAC), so the server needs no JWT
 * library for it; the events page verifies it with any JWT library.
 */

/** How long a token is valid. */
export const SEMINAR_TOKEN_SECONDS = 5 * 60;

export interface SeminarClaims {
  /** User id. */
  sub: string;
  /** Membership number of the linked account, or null. */
  mno: string | null;
  /** Ids of the user's schools. */
  schools: number[];
  /** The events page's origin (who the token is for). */
  aud: string;
  iss: string;
  iat: number;
  exp: number;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signSeminarToken(claims: SeminarClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
