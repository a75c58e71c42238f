import { ERROR } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError } from '../../lib/http-error.js';
import { clearFailures } from './login-throttle-repository.js';
import { ACCOUNT_POLICY, accountThrottleKey, claimAttempts, retryAfterSeconds } from './login-throttling.js';

/**
 * Password checks of signed-in sessions (the current password of a password change, the
 * password and proof of an account link) count against the account like logins do (issue 10
 * item 6): a stolen session cannot be used to guess the password without limit. Call
 * `claimSessionPasswordCheck` before the check (it throws 429 {error: 11} with Retry-After
 * while the account is blocked; the attempt counts as a failure until told otherwise) and
 * `sessionPasswordCheckPassed` when everything checked was right.
 */
export async function claimSessionPasswordCheck(q: Queryable, username: string, now: Date): Promise<void> {
  const claim = await claimAttempts(q, [{ key: accountThrottleKey(username), policy: ACCOUNT_POLICY }], now);
  if (!claim.allowed) {
    throw new HttpError(429, { error: ERROR.passwordChecksThrottled }, { 'retry-after': String(retryAfterSeconds(claim.until, now)) });
  }
}

/** The account proved its password: its failures are forgotten, as after a login. */
export async function sessionPasswordCheckPassed(q: Queryable, username: string): Promise<void> {
  await clearFailures(q, [accountThrottleKey(username)]);
}
