import { newToken } from '#app/lib/crypto.ts';
import { hashPassword, verifyPassword } from '#app/lib/password.ts';

let dummyHash: Promise<string> | null = null;

/**
 * True when `password` matches `passwordHash`. For an unknown account pass null: the password is still checked,
 * against a throw-away argon2id hash with the same parameters, so the reply takes as long for an unknown
 * address as for a known one.
 */
export async function checkPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(newToken());
  const matches = await verifyPassword(passwordHash ?? (await dummyHash), password);
  return passwordHash !== null && matches;
}
