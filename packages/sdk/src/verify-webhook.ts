import { CoinlaneSignatureVerificationError } from './errors.ts';
import type { WebhookEvent } from './types.ts';

/** The header Coinlane signs deliveries with: `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...]`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Coinlane-Signature';
/** The event id header, the same as the body's `id`: deduplicate deliveries on it. */
export const WEBHOOK_EVENT_ID_HEADER = 'Coinlane-Event-Id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The request body exactly as received. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export type VerifyWebhookOptions = {
  /** How far the signature's time may be from now, either way. Default 300 seconds. */
  toleranceSeconds?: number;
  /** The time to check against (tests). Default now. */
  now?: Date | number;
};

const RAW_BODY_HELP =
  'verifyWebhook needs the raw request body, exactly the bytes received (a string, Buffer, Uint8Array or ' +
  'ArrayBuffer), but was given a parsed object: parsing and serialising again changes the bytes, so no signature ' +
  'can match. Express: `app.post(path, express.raw({ type: "application/json" }), handler)` and pass `req.body`; ' +
  'Fastify: a content-type parser with `parseAs: "buffer"`; Next.js route handlers: `await request.text()`.';

const encoder = new TextEncoder();

/**
 * Checks a webhook delivery and returns its event. The body must be the raw bytes received; the signature header
 * must hold a `v1=` HMAC-SHA256 of `<t>.<body>` under `secret` (any one of several: during a secret rotation the
 * server signs with the old and the new secret), compared in constant time; and its time `t` must be within
 * `toleranceSeconds` of now, which refuses replays of old deliveries. `secret` may be a list (old and new).
 * Throws CoinlaneSignatureVerificationError (with its `reason`) when any check fails: answer 400 then.
 */
export async function verifyWebhook(
  rawBody: RawBody,
  signatureHeader: string | readonly string[] | null | undefined,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now() } = options;
  const body = bytesOf(rawBody);
  const header = typeof signatureHeader === 'string' ? signatureHeader : signatureHeader?.join(',');
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).filter((s) => s.length > 0);
  const parsed = header ? parseHeader(header) : null;
  if (!parsed || secrets.length === 0) {
    throw new CoinlaneSignatureVerificationError(
      'malformed',
      secrets.length === 0
        ? 'No webhook signing secret given: pass the endpoint secret from the Webhooks page'
        : `No valid ${WEBHOOK_SIGNATURE_HEADER} header (expected t=<time>,v1=<signature>)`,
    );
  }
  const signed = concat(encoder.encode(`${parsed.timestamp}.`), body);
  let matched = false;
  for (const s of secrets) {
    const expected = await hmacSha256(s, signed);
    // Every candidate is compared in full, whatever matched before: the time taken says nothing.
    for (const candidate of parsed.signatures) matched = constantTimeEqual(candidate, expected) || matched;
  }
  if (!matched) {
    throw new CoinlaneSignatureVerificationError(
      'mismatch',
      'The webhook signature does not match: the body was changed, or the secret is not this endpoint’s',
    );
  }
  const nowSeconds = Math.floor((now instanceof Date ? now.getTime() : now) / 1000);
  if (parsed.timestamp < nowSeconds - toleranceSeconds) {
    throw new CoinlaneSignatureVerificationError(
      'too_old',
      `The webhook was signed more than ${toleranceSeconds} s ago: refused as a possible replay`,
    );
  }
  if (parsed.timestamp > nowSeconds + toleranceSeconds) {
    throw new CoinlaneSignatureVerificationError(
      'too_new',
      `The webhook is signed more than ${toleranceSeconds} s in the future: check this machine's clock`,
    );
  }
  return eventOf(body);
}

function bytesOf(raw: RawBody): Uint8Array {
  if (typeof raw === 'string') return encoder.encode(raw);
  // A Node Buffer is a Uint8Array.
  if (raw instanceof Uint8Array) return raw;
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  throw new CoinlaneSignatureVerificationError('body_not_raw', RAW_BODY_HELP);
}

/** `t=...,v1=...,v1=...` -> the time and the signatures (hex, as bytes); null when either is missing. */
function parseHeader(header: string): { timestamp: number; signatures: Uint8Array[] } | null {
  let timestamp: number | null = null;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(hexBytes(value));
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

async function hmacSha256(secret: string, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, data));
}

/** Equal-length byte strings compared without an early exit. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** The verified body as an event: JSON with the fields every Coinlane event has. */
function eventOf(body: Uint8Array): WebhookEvent {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new CoinlaneSignatureVerificationError('invalid_payload', 'The webhook body is not JSON');
  }
  const e = value as Partial<Record<'id' | 'type' | 'createdAt' | 'mode' | 'data', unknown>> | null;
  if (
    !e ||
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.createdAt !== 'string' ||
    (e.mode !== 'test' && e.mode !== 'live') ||
    typeof e.data !== 'object' ||
    e.data === null
  ) {
    throw new CoinlaneSignatureVerificationError(
      'invalid_payload',
      'The webhook body is not a Coinlane event ({ id, type, createdAt, mode, data })',
    );
  }
  return value as WebhookEvent;
}
