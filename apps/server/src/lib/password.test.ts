import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashOptions, verifyPassword } from './password.ts';

/** The parameters a PHC string records (`$argon2id$v=19$m=…,p=…,t=…$salt$hash`), whatever their order. */
const phcParams = (hash: string) => {
  const [, id, , params] = hash.split('$');
  expect(id).toBe('argon2id');
  return Object.fromEntries(params!.split(',').map((kv) => kv.split('=')));
};

describe('password hashing', () => {
  it('uses the production parameters everywhere but NODE_ENV=test (64 MiB, 3 passes, 4 lanes)', async () => {
    for (const env of ['production', 'development']) {
      expect(passwordHashOptions(env)).toMatchObject({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    }
    const hash = await hashPassword('correct horse battery staple', passwordHashOptions('production'));
    expect(phcParams(hash)).toEqual({ m: '65536', t: '3', p: '4' });
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapl')).toBe(false);
  });

  it('uses cheap parameters under NODE_ENV=test only, and either kind of hash verifies', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const hash = await hashPassword('s3cret-Passw0rd');
    expect(phcParams(hash)).toEqual({ m: '1024', t: '1', p: '1' });
    expect(await verifyPassword(hash, 's3cret-Passw0rd')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
  });

  it('treats a malformed hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
