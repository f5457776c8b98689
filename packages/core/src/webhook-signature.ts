import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Coinlane webhook signatures (server and merchants' receivers). The header is
 * `Coinlane-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint secret>`.
 * For 24 hours after a secret rotation the header carries one v1 value per active secret, the new one first
 * (`t=...,v1=<new>,v1=<old>`), so a receiver still holding the old secret keeps verifying while it redeploys.
 * Verify against the raw request body (the exact bytes), never a re-serialised object.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Coinlane-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Coinlane-Event-Id';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmacHex = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/** The `Coinlane-Signature` header value for `body` at `timestamp` (unix seconds, default now). */
export function signWebhook(
  body: string,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  return signWebhookWithSecrets(body, [secret], timestamp);
}

/**
 * The `Coinlane-Signature` header value signed under each of `secrets` (in their order; duplicates once): one
 * timestamp, one v1 value per secret. A receiver verifying with any one of them accepts it.
 */
export function signWebhookWithSecrets(
  body: string,
  secrets: readonly string[],
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  const distinct = [...new Set(secrets)];
  if (distinct.length === 0 || distinct.some((s) => !s))
    throw new Error('webhook signature: a secret is empty');
  return [`t=${timestamp}`, ...distinct.map((s) => `v1=${hmacHex(s, timestamp, body)}`)].join(',');
}

export type WebhookVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'mismatch' | 'too_old' | 'too_new' };

/**
 * Checks a `Coinlane-Signature` header: one of its v1 values must match (compared in constant time), and
 * its timestamp must be within `toleranceSeconds` (300) of `now`, which refuses replays of old deliveries.
 */
export function verifyWebhookSignature(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  {
    toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
    now = Date.now(),
  }: { toleranceSeconds?: number; now?: number | Date } = {},
): WebhookVerification {
  if (!header || !secret) return { ok: false, reason: 'malformed' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const expected = Buffer.from(hmacHex(secret, timestamp, text), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) return { ok: false, reason: 'mismatch' };
  const nowSeconds = Math.floor((now instanceof Date ? now.getTime() : now) / 1000);
  if (timestamp < nowSeconds - toleranceSeconds) return { ok: false, reason: 'too_old' };
  if (timestamp > nowSeconds + toleranceSeconds) return { ok: false, reason: 'too_new' };
  return { ok: true, timestamp };
}
