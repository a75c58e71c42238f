import type { ThrottlePolicy } from './login-throttle-repository.js';

/**
 * Per account: 5 free failures, then blocks of 30 s doubling up to 15 minutes; the count
 * restarts after an hour without failures.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 5, windowMs: 60 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 };

/** Per client address: an office behind one NAT shares it, so more headroom. */
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 30, windowMs: 60 * 60_000, baseBlockMs: 60_000, maxBlockMs: 15 * 60_000 };

/** Throttle keys of a login attempt. */
export function throttleKeys(ip: string, username: string): { address: string; account: string } {
  return { address: `ip:${ip}`, account: `user:${username.trim().toLowerCase().slice(0, 200)}` };
}
