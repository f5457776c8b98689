import argon2 from 'argon2';

/**
 * argon2id parameters. Production and development: the library's defaults (64 MiB, 3 passes, 4 lanes), stated
 * here so that a library upgrade cannot change them silently. Under `NODE_ENV=test` only (vitest sets it), the
 * cheapest parameters argon2id allows a test to run with: 1 MiB and 1 pass, so suites that sign in hundreds
 * of times stay fast. The PHC string keeps the parameters, so `verifyPassword` checks either kind of hash.
 */
export const PRODUCTION_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
} as const;
export const TEST_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 1_024,
  timeCost: 1,
  parallelism: 1,
} as const;

export const passwordHashOptions = (nodeEnv: string | undefined = process.env.NODE_ENV) =>
  nodeEnv === 'test' ? TEST_HASH_OPTIONS : PRODUCTION_HASH_OPTIONS;

/** Hashes a new password with argon2id (see passwordHashOptions). */
export function hashPassword(password: string, options = passwordHashOptions()): Promise<string> {
  return argon2.hash(password, options);
}

/** True when `password` matches the stored hash; a malformed hash is a mismatch, never an exception. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
