import { createHash } from 'node:crypto';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '#app/db/connection.ts';

/**
 * `Idempotency-Key` for POST routes that create money objects (payment links, payments, checkout attempts).
 *
 *   app.post('/payments', { preHandler: [requirePermission('write'), idempotent], schema }, handler)
 *
 * - No header: the route runs as usual.
 * - First use of a key: the route runs; its reply (status and body) is stored if it is a success (2xx) or a
 *   validation refusal (400, 422). Other replies (401, 403, 404, 409, 429, 5xx) are not stored, so the client
 *   may retry with the same key.
 * - Same key, same request (method, path and canonical JSON body): the stored reply is sent again, with
 *   `Idempotent-Replayed: true`, and the route does not run.
 * - Same key, another request: 409 CONFLICT.
 * - Same key while the first request is still running: waits for it (up to IDEMPOTENCY_WAIT_MS), then replays
 *   its reply, or answers 409 if it is still running.
 * Keys are scoped per owner (the merchant and mode; `public` on routes without sign-in) and kept 24 hours.
 * idempotencyPlugin (registered once on the app) must be present: it fingerprints the body before validation
 * and stores replies.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a duplicate waits for the first request to finish before it is told to retry later. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
/**
 * A claim still 'processing' after this long belongs to a request whose process died before it could store
 * or release it: the same request may then take it over.
 */
export const IDEMPOTENCY_LOCK_TIMEOUT_MS = 60_000;
const PURGE_EVERY_MS = 10 * 60_000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const STORED_STATUSES = (status: number) =>
  (status >= 200 && status < 300) || status === 400 || status === 422;

type Claim = { owner: string; key: string };
/** Fingerprint of the request as it arrived (before schema validation may transform the body). */
const fingerprints = new WeakMap<FastifyRequest, string>();
/** Requests that hold a claim: their reply is stored (or the claim released) in onSend. */
const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with object keys sorted at every level, so two spellings of one body hash alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export const requestFingerprint = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');

/** The merchant and mode; a point-of-sale device's keys are its own (two counters never share one). */
const ownerOf = (req: FastifyRequest) =>
  req.auth
    ? `${req.auth.user.id}:${req.auth.mode}${req.auth.kind === 'device' ? `:${req.auth.deviceId}` : ''}`
    : 'public';

/** Registers the body fingerprint and the reply storage. Once, on the app. */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (req.headers[IDEMPOTENCY_HEADER] !== undefined) {
      fingerprints.set(req, requestFingerprint(req.method, req.url, req.body));
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const claim = claims.get(req);
    if (!claim) return payload;
    claims.delete(req);
    try {
      if (STORED_STATUSES(reply.statusCode) && typeof payload === 'string') {
        await completeClaim(app.db, claim, reply.statusCode, payload);
      } else {
        await releaseClaim(app.db, claim);
      }
    } catch (err) {
      req.log.error({ err }, 'idempotency: could not store the reply');
    }
    return payload;
  });
});

/** preHandler: honours `Idempotency-Key` on this route (see the top of this file). Put it after the auth guard. */
export async function idempotent(req: FastifyRequest, reply: FastifyReply) {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (Array.isArray(raw) || key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_ERROR', { message: T.idempotencyKeyInvalid });
  }
  const db = req.server.db;
  const owner = ownerOf(req);
  const hash = fingerprints.get(req) ?? requestFingerprint(req.method, req.url, req.body);
  await purgeExpired(db);

  const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
  let pause = 25;
  for (;;) {
    if (await tryClaim(db, { owner, key, method: req.method, path: req.url, hash })) {
      claims.set(req, { owner, key });
      return;
    }
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('owner', '=', owner)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue; // released or purged meanwhile: claim it again
    const now = Date.now();
    if (row.created_at.getTime() <= now - IDEMPOTENCY_TTL_MS) {
      if (await takeOver(db, { owner, key, method: req.method, path: req.url, hash, seen: row.locked_at })) {
        claims.set(req, { owner, key });
        return;
      }
      continue;
    }
    if (row.request_hash !== hash) throw new AppError('CONFLICT', { message: T.idempotencyKeyReused });
    if (row.status === 'completed' && row.response_status !== null && row.response_body !== null) {
      return reply
        .status(row.response_status)
        .header(REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(row.response_body);
    }
    if (row.locked_at.getTime() <= now - IDEMPOTENCY_LOCK_TIMEOUT_MS) {
      if (await takeOver(db, { owner, key, method: req.method, path: req.url, hash, seen: row.locked_at })) {
        claims.set(req, { owner, key });
        return;
      }
      continue;
    }
    if (now >= deadline) throw new AppError('CONFLICT', { message: T.idempotencyKeyInProgress });
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 250);
  }
}

type ClaimRequest = { owner: string; key: string; method: string; path: string; hash: string };

/** Inserts the claim; false when the key already has a row. One short statement, no transaction. */
async function tryClaim(db: Db, c: ClaimRequest): Promise<boolean> {
  const now = new Date();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      owner: c.owner,
      key: c.key,
      method: c.method,
      path: c.path.slice(0, 2000),
      request_hash: c.hash,
      created_at: now,
      locked_at: now,
    })
    .onConflict((oc) => oc.columns(['owner', 'key']).doNothing())
    .returning('owner')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Restarts an expired or abandoned row for this request, if nobody changed it since it was read. */
async function takeOver(db: Db, c: ClaimRequest & { seen: Date }): Promise<boolean> {
  const now = new Date();
  const res = await db
    .updateTable('idempotency_keys')
    .set({
      method: c.method,
      path: c.path.slice(0, 2000),
      request_hash: c.hash,
      status: 'processing',
      response_status: null,
      response_body: null,
      created_at: now,
      locked_at: now,
      completed_at: null,
    })
    .where('owner', '=', c.owner)
    .where('key', '=', c.key)
    .where('locked_at', '=', c.seen)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

async function completeClaim(db: Db, claim: Claim, status: number, body: string) {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'completed', response_status: status, response_body: body, completed_at: new Date() })
    .where('owner', '=', claim.owner)
    .where('key', '=', claim.key)
    .execute();
}

async function releaseClaim(db: Db, claim: Claim) {
  await db
    .deleteFrom('idempotency_keys')
    .where('owner', '=', claim.owner)
    .where('key', '=', claim.key)
    .where('status', '=', 'processing')
    .execute();
}

/** Deletes rows past their 24 hours, at most once every PURGE_EVERY_MS per database handle. */
const lastPurge = new WeakMap<Db, number>();
async function purgeExpired(db: Db) {
  const now = Date.now();
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS))
    .execute();
}
