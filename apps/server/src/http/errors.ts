import { AppError, ERROR_STATUS, type TErrorCode } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Unique indexes that two concurrent requests of one user can race for (their loser gets 409, not 500). */
const RACE_CONSTRAINTS = new Set([
  'wallets_owner_address_key',
  'wallets_one_default_key',
  // Two enabling requests at once for one (currency, network): the payouts module answers them with a 409 naming
  // the rule (rule-conflict.ts); this is the backstop for any other path (decision 024).
  'payout_rules_one_enabled_key',
]);

/** A service's RATE_LIMITED error may say when to try again (`details.retryAfterSeconds`): sent as Retry-After. */
function retryAfterOf(details: unknown): number | null {
  const d = details as { retryAfterSeconds?: unknown } | undefined;
  return typeof d?.retryAfterSeconds === 'number' ? d.retryAfterSeconds : null;
}

/** One error handler: every failure becomes `{ success: false, data: null, error: { message, code } }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // A reply that was about to be a file (a CSV export failing on its first read) is now a JSON error envelope.
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-type');
    if (err instanceof AppError) {
      // The field a refusal is about (a validation error, or a conflict such as a duplicate key: decision 020).
      const fields = fieldsOf(err.details);
      const wait = err.code === 'RATE_LIMITED' ? retryAfterOf(err.details) : null;
      if (wait !== null) reply.header('Retry-After', wait);
      return reply.status(err.status).send({
        success: false,
        data: null,
        error: { message: err.message, code: err.code, ...(fields ? { fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '';
        if (key && !fields[key]) fields[key] = issue.message ?? T.invalidInput;
      }
      const first = err.validation[0]?.message ?? T.invalidInput;
      // A field whose refusals carry an error code of their own (a payment link's returnUrl: INVALID_RETURN_URL)
      // gives the reply that code when it is all that is wrong; anything else wrong too makes it VALIDATION_ERROR.
      const codes = new Set(err.validation.map((issue) => issueCode(issue.params)));
      const [only] = codes;
      const code = codes.size === 1 && only ? only : 'VALIDATION_ERROR';
      return reply
        .status(ERROR_STATUS[code])
        .send({ success: false, data: null, error: { message: first, code, fields } });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, data: null, error: { message: T.rateLimited, code: 'RATE_LIMITED' } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, wrong content type): keep the status, plain message.
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 404
              ? 'NOT_FOUND'
              : 'BAD_REQUEST';
      const message = status === 404 ? T.notFound : err.message || T.invalidInput;
      return reply.status(status).send({ success: false, data: null, error: { message, code } });
    }
    const pg = (err as { code?: unknown }).code;
    if (pg === '22021' || pg === '22P05') {
      // PostgreSQL refuses text it cannot store (a NUL character): bad input, and the statement changed nothing.
      return reply.status(400).send({
        success: false,
        data: null,
        error: { message: T.invalidCharacters, code: 'VALIDATION_ERROR' },
      });
    }
    if (pg === '23505' && RACE_CONSTRAINTS.has(String((err as { constraint?: unknown }).constraint))) {
      // A merchant's two identical requests at once (two tabs adding one wallet, or confirming two wallets of a
      // coin): the unique index let the first one win. Any other unique violation is a bug and stays a 500.
      req.log.warn({ err }, 'unique constraint refused a concurrent duplicate');
      return reply
        .status(409)
        .send({ success: false, data: null, error: { message: T.concurrentDuplicate, code: 'CONFLICT' } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, data: null, error: { message: T.serverError, code: 'INTERNAL_ERROR' } });
  });
}

/** The error code a zod refinement attached to its issue (`params: { code }`), if it is one of the table's 400s. */
function issueCode(params: unknown): TErrorCode | null {
  const code = (params as { params?: { code?: unknown } } | undefined)?.params?.code;
  return typeof code === 'string' && code in ERROR_STATUS && ERROR_STATUS[code as TErrorCode] === 400
    ? (code as TErrorCode)
    : null;
}

/** The per-field messages of a VALIDATION_ERROR raised by parseBody (http/validate.ts). */
function fieldsOf(details: unknown): Record<string, string> | undefined {
  if (typeof details !== 'object' || details === null || !('fields' in details)) return undefined;
  const fields = (details as { fields: unknown }).fields;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : undefined;
}

/** The success envelope. */
export const ok = <T>(data: T) => ({ success: true as const, data, error: null });
