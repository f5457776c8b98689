import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption of secrets at rest (webhook secrets) with AES-256-GCM under the 32-byte APP_SECRET_KEY.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url), a fresh 12-byte IV each time. `context` is bound
 * as additional data (e.g. the row id), so a sealed value copied to another row does not open there.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, plaintext: string, context = ''): string {
  if (key.length !== 32) throw new Error('secret-box: the key must be 32 bytes');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
}

/** Opens a sealed value; throws when the key, the context or the value is wrong (GCM authentication). */
export function openSecret(key: Buffer, sealed: string, context = ''): string {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error('secret-box: malformed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Binary sealing for files at rest (KYC documents): the same AES-256-GCM under the same key, as one buffer
 * `<version 0x01><12-byte IV><16-byte tag><ciphertext>`, the `context` bound as additional data.
 */
const BYTES_VERSION = 0x01;

export function sealBytes(key: Buffer, plaintext: Uint8Array, context: string): Buffer {
  if (key.length !== 32) throw new Error('secret-box: the key must be 32 bytes');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(BYTES_VERSION), iv, cipher.getAuthTag(), ct]);
}

/** Opens a value of sealBytes; throws when the key, the context or the value is wrong (GCM authentication). */
export function openBytes(key: Buffer, sealed: Uint8Array, context: string): Buffer {
  const box = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (box.length < 29 || box[0] !== BYTES_VERSION) throw new Error('secret-box: malformed value');
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(1, 13));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(box.subarray(13, 29));
  return Buffer.concat([decipher.update(box.subarray(29)), decipher.final()]);
}
