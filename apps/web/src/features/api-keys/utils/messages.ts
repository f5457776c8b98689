import { API_KEY_MAX_PER_MODE, API_KEY_NAME_MAX } from '@coinlane/core/api/api-keys';
import { T } from '@coinlane/core/texts';
import { ApiError } from '../../../lib/api-client.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The page's error messages (merchant spec 8, "API keys": the server's message preferred). */
export type FailedAction = 'list' | 'create' | 'delete' | 'update' | 'rotate';

const FALLBACK: Record<Exclude<FailedAction, 'list'>, string> = {
  create: 'errors.create',
  delete: 'errors.delete',
  update: 'errors.update',
  rotate: 'errors.rotate',
};

/** A message the server wrote (its envelope's error), not the client's 'HTTP {status}' or a network failure. */
export const isServerMessage = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status > 0 && !err.code.startsWith('HTTP_') && !!err.message;

/**
 * Known server texts (core T) in the interface language; any other server message is shown as it came.
 * Returns null for a message this page does not know, so the caller can show it unchanged.
 */
export function translateKnown(message: string, t: Translate): string | null {
  if (message === T.apiKeyNameRequired) return t('errors.nameRequired');
  if (message === T.apiKeyPermissionRequired) return t('errors.permissionRequired');
  if (message === T.apiKeyNotFound) return t('errors.notFound');
  if (message === T.apiKeyNameTooLong(API_KEY_NAME_MAX))
    return t('errors.nameTooLong', { count: API_KEY_NAME_MAX });
  if (message === T.apiKeyLimitReached(API_KEY_MAX_PER_MODE))
    return t('errors.limitReached', { count: API_KEY_MAX_PER_MODE });
  return null;
}

/**
 * The text of a failed call. Listing: the server's message, else 'Failed to fetch API keys' when the server
 * answered without one, else 'Failed to load API keys' (no answer at all). Other actions: the server's message,
 * else their own 'Failed to ...'.
 */
export function apiKeyErrorText(err: unknown, action: FailedAction, t: Translate): string {
  if (isServerMessage(err)) return translateKnown(err.message, t) ?? err.message;
  if (action === 'list')
    return err instanceof ApiError && err.status > 0 ? t('errors.fetch') : t('errors.load');
  return t(FALLBACK[action]);
}
