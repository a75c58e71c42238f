import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolatedModules cannot read: 2 = Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id parameters (OWASP 2023 minimum: m=19 MiB, t=2, p=1). Stored hashes carry their
 * parameters, so raising these later makes `needsRehash` true and login rehashes.
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password with argon2id; the result is a PHC string (`$argon2id$v=19$m=...`). */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_PARAMS);
}

/** True when `plain` matches the stored hash. A malformed hash counts as no match. */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters than the current ones. */
export function needsRehash(storedHash: string): boolean {
  const expected = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;
  return !storedHash.startsWith(expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed dummy hash so a login for an unknown user costs the same time as
 * one for a known user (no user enumeration by timing).
 */
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, plain);
}
