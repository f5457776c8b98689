import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text that no route can store: a NUL character (PostgreSQL refuses it in text and jsonb) or an unpaired UTF-16
 * surrogate such as "\ud800" (refused as json; meaningless as text). JSON lets a client send both.
 */
const SURROGATE = /\p{Cs}/u;
const isStorable = (s: string) => !s.includes('\u0000') && !SURROGATE.test(s);

/** Deeper than this, a body is refused: no request of the API nests more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What is wrong with `value`, if anything: a string (value or object key) that cannot be stored, or nesting
 * deeper than MAX_INPUT_DEPTH (which recursive code further on, such as the idempotency fingerprint, could not
 * walk). Walked without recursion, so no input can overflow the stack here.
 */
export function findInputProblem(value: unknown): 'unstorable' | 'too_deep' | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorable(v)) return 'unstorable';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'too_deep';
      if (Array.isArray(v)) {
        for (const item of v) stack.push([item, depth + 1]);
      } else {
        for (const [k, item] of Object.entries(v)) {
          if (!isStorable(k)) return 'unstorable';
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return undefined;
}

/**
 * One check for every route, before its schema and its handler: a body, query or path parameter holding text
 * that cannot be stored, or nested absurdly deep, is refused with 400 VALIDATION_ERROR and changes nothing. Without it, such text reached
 * the database (a 500 from PostgreSQL) or a streamed reply after its first byte (a CSV cut short).
 */
export const wellFormedInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const problem = findInputProblem(part);
      if (problem === 'unstorable') throw new AppError('VALIDATION_ERROR', { message: T.invalidCharacters });
      if (problem === 'too_deep') {
        throw new AppError('VALIDATION_ERROR', { message: T.nestedTooDeeply(MAX_INPUT_DEPTH) });
      }
    }
  });
});
