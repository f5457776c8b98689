import type { THealthResult } from '@coinlane/core/api/admin-operations';
import type { TFunction } from 'i18next';

/**
 * A check's error in the reader's language: the spec's texts ('Timeout after {n}ms', 'Network error') translated,
 * 'HTTP {status}: {text}' as the server gave it; a check's own reason (an operator's diagnostic) as written.
 */
export function healthErrorText(t: TFunction<'adminOperations'>, error: string): string {
  const timeout = /^Timeout after (\d+)ms$/.exec(error);
  if (timeout) return t('health.timeout', { ms: Number(timeout[1]) });
  if (error === 'Network error') return t('health.networkError');
  return error;
}

/** A check's name for the screen: its kind's label, a watcher with its network. */
export function serviceLabel(
  t: TFunction<'adminOperations'>,
  s: Pick<THealthResult, 'kind' | 'name' | 'details'>,
) {
  if (s.kind === 'watcher') {
    const network =
      typeof s.details.network === 'string' ? s.details.network : s.name.replace(/^watcher:/, '');
    return t('health.kinds.watcher', { network });
  }
  return t(`health.kinds.${s.kind}`);
}
