import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config.ts';
import { openBytes, openSecret, sealBytes, sealSecret } from './secret-box.ts';

describe('secret-box', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plaintext', () => {
    const sealed = sealSecret(key, 'whsec_abc', 'whk_1');
    expect(sealed).not.toContain('whsec_abc');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openSecret(key, sealed, 'whk_1')).toBe('whsec_abc');
    expect(sealSecret(key, 'whsec_abc', 'whk_1')).not.toBe(sealed); // fresh IV
  });

  it('refuses another key, another context or a changed value', () => {
    const sealed = sealSecret(key, 'whsec_abc', 'whk_1');
    expect(() => openSecret(randomBytes(32), sealed, 'whk_1')).toThrow();
    expect(() => openSecret(key, sealed, 'whk_2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(key, parts.join('.'), 'whk_1')).toThrow();
  });
});

describe('secret-box for files', () => {
  const key = randomBytes(32);
  const file = Buffer.concat([Buffer.from('%PDF-1.7 identity of Ada Lovelace '), randomBytes(4096)]);

  it('round-trips bytes, never holding the plaintext, with a fresh IV each time', () => {
    const sealed = sealBytes(key, file, 'kyc_1:usr_1');
    expect(sealed.includes(Buffer.from('Ada Lovelace'))).toBe(false);
    expect(sealed.length).toBe(file.length + 29);
    expect(openBytes(key, sealed, 'kyc_1:usr_1').equals(file)).toBe(true);
    expect(sealBytes(key, file, 'kyc_1:usr_1').equals(sealed)).toBe(false);
  });

  it('refuses another key, another context, a changed byte or a cut value', () => {
    const sealed = sealBytes(key, file, 'kyc_1:usr_1');
    expect(() => openBytes(randomBytes(32), sealed, 'kyc_1:usr_1')).toThrow();
    expect(() => openBytes(key, sealed, 'kyc_1:usr_2')).toThrow();
    const changed = Buffer.from(sealed);
    changed[100] = (changed[100] ?? 0) ^ 1;
    expect(() => openBytes(key, changed, 'kyc_1:usr_1')).toThrow();
    expect(() => openBytes(key, sealed.subarray(0, 20), 'kyc_1:usr_1')).toThrow(/malformed/);
  });
});

describe('APP_SECRET_KEY', () => {
  it('takes 32 bytes in hex or base64, derives a stable development key, and is required in production', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadConfig({ APP_SECRET_KEY: hex }).appSecretKey.toString('hex')).toBe(hex);
    const b64 = randomBytes(32).toString('base64');
    expect(loadConfig({ APP_SECRET_KEY: b64 }).appSecretKey.toString('base64')).toBe(b64);
    const a = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(a.appSecretKeyDerived).toBe(true);
    expect(a.appSecretKey.equals(loadConfig({ DATA_DIR: '/tmp/x' }).appSecretKey)).toBe(true);
    expect(a.appSecretKey.equals(loadConfig({ DATA_DIR: '/tmp/y' }).appSecretKey)).toBe(false);
    expect(() => loadConfig({ APP_SECRET_KEY: 'short' })).toThrow(/APP_SECRET_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x', APP_URL: 'https://pay.example.com' }),
    ).toThrow(/APP_SECRET_KEY/);
  });
});
