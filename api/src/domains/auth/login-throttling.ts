import type { Queryable } from '../../db/index.js';
import { claimAttempt, settleSuccess, type AttemptClaim, type ThrottlePolicy } from './login-throttle-repository.js';

/**
 * Per account: 5 free failures, then blocks of 30 s doubling up to 15 minutes; the count
 * restarts after an hour without attempts. Counts every check of the account's password:
 * logins, and the password checks of signed-in sessions (password change, account linking).
 */
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 5, windowMs: 60 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 };

/** Per client address: an office behind one NAT shares it, so more headroom. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 30, windowMs: 60 * 60_000, baseBlockMs: 60_000, maxBlockMs: 15 * 60_000 };

/**
 * The one normalisation of a typed or stored username (issue 25 defect 5): trimmed, NFKC
 * (fullwidth letters and other compatibility forms become the plain ones) and lower case.
 * Every throttle key of an account is made from it (login, password change, account link,
 * password reset) and the sign-in and password-link lookups look the name up in it, so every
 * spelling that reaches an account counts against that account's one key.
 */
export function normalUsername(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase().trim();
}

/** Throttle key of an account (by username, so unknown names are counted too). */
export function accountThrottleKey(username: string): string {
  return `user:${normalUsername(username).slice(0, 200)}`;
}

/** Throttle keys of a login attempt. */
export function throttleKeys(ip: string, username: string): { address: string; account: string } {
  return { address: `ip:${ip}`, account: accountThrottleKey(username) };
}

/** A key with its policy. */
export interface ThrottleClaim {
  key: string;
  policy: ThrottlePolicy;
}

/**
 * Claims one attempt on every key, in order, before any password is checked (see
 * claimAttempt). When a key refuses, the claims already made are taken back: an attempt
 * that checks nothing counts against nobody.
 */
export async function claimAttempts(q: Queryable, claims: ThrottleClaim[], now: Date): Promise<AttemptClaim> {
  for (let i = 0; i < claims.length; i++) {
    const outcome = await claimAttempt(q, claims[i].key, now, claims[i].policy);
    if (!outcome.allowed) {
      for (const made of claims.slice(0, i)) await settleSuccess(q, made.key, made.policy);
      return outcome;
    }
  }
  return { allowed: true };
}

/** Seconds until `until` for a Retry-After header (at least 1). */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
