import type { THealthResult } from '@coinlane/core/api/admin-operations';
import type { TFunction } from 'i18next';

const FIXED_REASONS: Record<string, 'webhookWorkerSilent' | 'noMail' | 'noRates' | 'watcherSilent'> = {
  'No webhook worker has run in the last 60 seconds': 'webhookWorkerSilent',
  'No mail transport is configured': 'noMail',
  'No market rate has been fetched yet': 'noRates',
  'The watcher has not reported for more than 30 seconds': 'watcherSilent',
};
const COUNTED_REASONS = [
  [/^The oldest due job has waited (\d+) s for a worker$/, 'jobsWaiting', 'seconds'],
  [/^The newest market rate is older than (\d+) s$/, 'ratesOld', 'seconds'],
  [/^(\d+) blocks behind the node$/, 'watcherLag', 'blocks'],
] as const;

/**
 * A check's error in the reader's language: the spec's texts ('Timeout after {n}ms', 'Network error') translated,
 * the server's fixed reasons translated; 'HTTP {status}: {text}' and a node's own error as the server gave them.
 */
export function healthErrorText(t: TFunction<'adminOperations'>, error: string): string {
  const timeout = /^Timeout after (\d+)ms$/.exec(error);
  if (timeout) return t('health.timeout', { ms: Number(timeout[1]) });
  if (error === 'Network error') return t('health.networkError');
  // The server's own fixed reasons (modules/health/get-system-health.ts), translated; anything else as written.
  const fixed = FIXED_REASONS[error];
  if (fixed) return t(`health.reasons.${fixed}`);
  for (const [pattern, key, param] of COUNTED_REASONS) {
    const m = pattern.exec(error);
    if (m) return t(`health.reasons.${key}`, { [param]: Number(m[1]) });
  }
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
