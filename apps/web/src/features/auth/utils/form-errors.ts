import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Puts a VALIDATION_ERROR's per-field messages under the form's own fields. Returns true when every message
 * found a field (nothing left for a banner).
 */
export function applyServerFieldErrors<F extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
): boolean {
  if (!(err instanceof ApiError) || err.code !== 'VALIDATION_ERROR') return false;
  const entries = Object.entries(err.fields);
  if (entries.length === 0) return false;
  let all = true;
  for (const [name, message] of entries) {
    const field = fields.find((f) => f === name);
    if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
    else all = false;
  }
  return all;
}
