import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { z } from 'zod';

/**
 * Validates a body with a schema built at request time (for instance from a password policy read from system
 * settings, which a route schema fixed at start-up cannot follow). Fails like the route-schema validation:
 * 400 VALIDATION_ERROR, message = the first issue, `fields` = the first message per field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  throw new AppError('VALIDATION_ERROR', {
    message: result.error.issues[0]?.message ?? T.invalidInput,
    details: { fields },
  });
}
