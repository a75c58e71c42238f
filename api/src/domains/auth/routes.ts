import type { FastifyInstance } from 'fastify';
import {
  ERROR,
  MSG,
  loginSchema,
  passwordLinkSchema,
  passwordResetSchema,
} from 'shared-kernel/contracts';
import { isCommonPassword } from '../../auth/common-passwords.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY, claimAttempts, normalUsername, retryAfterSeconds, throttleKeys } from './login-throttling.js';
import { storableText } from '../../lib/storable-text.js';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../../auth/password.js';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '../../auth/session-cookie.js';
import { toSessionInfo } from './session-info.js';
import { hashToken, newToken } from '../../auth/tokens.js';
import { HttpError, badRequest, unauthorized } from '../../lib/http-error.js';
import { validate } from '../../lib/validate.js';
import { clearFailures, settleSuccess } from './login-throttle-repository.js';
import {
  consumeLink,
  countRecentLinks,
  findUsableLink,
  insertPasswordLink,
  retireUserLinks,
} from './password-links-repository.js';
import { loadPrincipal } from '../users/principals-repository.js';
import { insertSession, revokeSession, revokeUserSessions } from './sessions-repository.js';
import { findUserByUsername, findUsersForPasswordLink, setPasswordHash } from '../users/repository.js';
import { errorResponses, sessionInfoSchema, successSchema } from '../../lib/route-schemas.js';

const LINK_VALID_MS = 30 * 60_000;
const LINKS_PER_HOUR = 5;

const tokenQuery = {
  type: 'object',
  properties: { k: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['k'],
  additionalProperties: false,
} as const;

const linkInvalid = () => new HttpError(403, { error: ERROR.linkInvalid });

/**
 * /api-auth: login, logout, password-link request (pwl1) and password reset by link (pwr).
 * Spec 001 §7; the rules are issue 3's.
 */
export default async function authRoutes(app: FastifyInstance) {
  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in: sets the session cookie and answers the session',
        tags: ['auth'],
        body: {
          type: 'object',
          properties: { username: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 } },
          required: ['username', 'password'],
        },
        response: { 200: sessionInfoSchema, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = validate(loginSchema, request.body);
      const now = app.now();
      // What was typed may hold characters no stored username has and the database refuses
      // (NUL, lone surrogates): looked up and counted as storable text, it is a bad login.
      const username = storableText(body.username, 200);
      const keys = throttleKeys(request.ip, username);
      request.audit.action = 'login_failed';
      request.audit.detail = { username: storableText(body.username, 100) };

      // Count the attempt before any hash is computed: a blocked flood costs no CPU, and
      // parallel attempts cannot all be checked before the first failure counts.
      const claim = await claimAttempts(
        app.db,
        [
          { key: keys.address, policy: ADDRESS_POLICY },
          { key: keys.account, policy: ACCOUNT_POLICY },
        ],
        now,
      );
      if (!claim.allowed) {
        request.audit.action = 'login_throttled';
        throw new HttpError(429, { error: ERROR.badLogin }, { 'retry-after': String(retryAfterSeconds(claim.until, now)) });
      }

      // Looked up as it is counted (normalUsername): no spelling reaches the account unthrottled.
      const user = await findUserByUsername(app.db, normalUsername(username));
      let ok = false;
      if (user && !user.disabled) ok = await verifyPassword(user.password_hash, body.password);
      else await burnPasswordCheck(body.password);
      if (!user || !ok) {
        // Already counted as a failure by the claim.
        if (user) request.audit.userId = user.id;
        throw unauthorized();
      }

      const token = newToken();
      const absoluteMs = app.config.sessionAbsoluteHours * 3_600_000;
      const rehash = needsRehash(user.password_hash) ? await hashPassword(body.password) : null;
      await app.db.transaction(async (tx) => {
        await clearFailures(tx, [keys.account]);
        await settleSuccess(tx, keys.address, ADDRESS_POLICY);
        if (rehash) await setPasswordHash(tx, user.id, rehash, now, false);
        await insertSession(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          now,
          absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
      });
      const principal = await loadPrincipal(app.db, user.id);
      if (!principal) throw unauthorized();
      request.audit.action = 'login';
      request.audit.userId = user.id;
      request.audit.detail = undefined;
      setSessionCookie(request, reply, token, Math.floor(absoluteMs / 1000));
      reply.header('cache-control', 'no-store');
      return toSessionInfo(principal);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign out: ends the session on the server', tags: ['auth'], response: { 200: successSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      request.audit.action = 'logout';
      if (token && token.length <= 200) {
        const tokenHash = hashToken(token);
        const owner = await app.db.query<{ user_id: number }>('SELECT user_id FROM sessions WHERE token_hash = $1', [tokenHash]);
        request.audit.userId = owner.rows[0]?.user_id;
        await revokeSession(app.db, tokenHash, app.now());
      }
      clearSessionCookie(request, reply);
      return { success: true };
    },
  );

  app.post(
    '/pwl1',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Request a password link by username or e-mail (same answer whether the account exists or not)',
        tags: ['auth'],
        body: { type: 'object', properties: { username: { type: 'string', maxLength: 200 } }, required: ['username'] },
        response: { 200: successSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = validate(passwordLinkSchema, request.body);
      const now = app.now();
      request.audit.action = 'password_link';
      // The links per hour are counted per account: every spelling of its name (normalUsername) is the one account.
      const users = await findUsersForPasswordLink(app.db, normalUsername(storableText(body.username, 200)));
      for (const user of users) {
        // At most a few links per hour: the form must not become a way to flood a mailbox.
        if ((await countRecentLinks(app.db, user.id, new Date(now.getTime() - 3_600_000))) >= LINKS_PER_HOUR) continue;
        const token = newToken();
        await insertPasswordLink(app.db, hashToken(token), user.id, now, new Date(now.getTime() + LINK_VALID_MS));
        const link = `${app.config.publicUrl}/password-reset?k=${encodeURIComponent(token)}`;
        await app.mailer.send({
          to: user.email,
          subject: 'Passwort zurücksetzen / Reset your password',
          text: [
            `Hallo ${user.firstname} ${user.lastname},`,
            '',
            `für das Konto "${user.username}" wurde ein neues Passwort angefordert. Der Link ist 30 Minuten gültig und nur einmal verwendbar:`,
            link,
            '',
            'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
            '',
            `A new password was requested for the account "${user.username}". The link is valid for 30 minutes and works once:`,
            link,
            '',
            'If this was not you, ignore this e-mail; your password stays as it is.',
          ].join('\n'),
          kind: 'password_link',
          userId: user.id,
        });
      }
      return { success: true };
    },
  );

  app.get(
    '/pwr',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Check a password link: 200 {valid: true} or 403 {error: 7}',
        tags: ['auth'],
        querystring: tokenQuery,
        response: { 200: { type: 'object', properties: { valid: { type: 'boolean' } } }, ...errorResponses },
      },
    },
    async (request) => {
      const { k } = request.query as { k: string };
      const userId = await findUsableLink(app.db, hashToken(k), app.now());
      if (!userId) throw linkInvalid();
      return { valid: true };
    },
  );

  app.post(
    '/pwr',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password with a password link; ends all sessions of the account',
        tags: ['auth'],
        querystring: tokenQuery,
        body: {
          type: 'object',
          properties: { pw: { type: 'string', maxLength: 200 }, pwc: { type: 'string', maxLength: 200 } },
          required: ['pw', 'pwc'],
        },
        response: { 200: successSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { k } = request.query as { k: string };
      const body = validate(passwordResetSchema, request.body);
      const now = app.now();
      const tokenHash = hashToken(k);
      request.audit.action = 'password_reset';
      const userId = await findUsableLink(app.db, tokenHash, now);
      if (!userId) throw linkInvalid();
      request.audit.userId = userId;
      request.audit.entity = 'user';
      request.audit.entityId = userId;
      const account = await app.db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
      if (isCommonPassword(body.pw, account.rows[0]?.username)) throw badRequest({ pw: MSG.passwordCommon });
      const hash = await hashPassword(body.pw);
      const done = await app.db.transaction(async (tx) => {
        if (!(await consumeLink(tx, tokenHash, now))) return false;
        await setPasswordHash(tx, userId, hash, now);
        await retireUserLinks(tx, userId, now);
        await revokeUserSessions(tx, userId, now);
        await clearFailures(tx, [throttleKeys('', account.rows[0]?.username ?? '').account]);
        return true;
      });
      if (!done) throw linkInvalid();
      return { success: true };
    },
  );
}
