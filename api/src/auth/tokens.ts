import { createHash, randomBytes } from 'node:crypto';

/** A fresh 256-bit random token, base64url (43 characters): session cookies, password links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token: the database stores only this, so a leaked table opens no session. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
