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

/**
 * The first string (value or object key) in `value` that cannot be stored, found without recursion (a deeply
 * nested body cannot overflow the stack), or undefined.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isStorable(v)) return v;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (!isStorable(k)) return k;
        stack.push(item);
      }
    }
  }
  return undefined;
}

/**
 * One check for every route, before its schema and its handler: a body, query or path parameter holding text
 * that cannot be stored is refused with 400 VALIDATION_ERROR and changes nothing. Without it, such text reached
 * the database (a 500 from PostgreSQL) or a streamed reply after its first byte (a CSV cut short).
 */
export const wellFormedInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      if (findUnstorableText(part) !== undefined) {
        throw new AppError('VALIDATION_ERROR', { message: T.invalidCharacters });
      }
    }
  });
});
