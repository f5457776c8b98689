import { T } from '@coinlane/core/texts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withStatus = (fn: (s: string) => string) =>
  new RegExp(`^${escapeRegExp(fn('\u0000')).replace('\u0000', '(pending|active|suspended)')}$`);

const APPROVE_NOT_PENDING = withStatus(T.userApproveNotPending);
const SUSPEND_NOT_ACTIVE = withStatus(T.userSuspendNotActive);

/**
 * The server's reason for refusing a user action, translated when it is one of the spec's texts
 * (a refusal names the account's status, which is translated too); null when it is not a known text.
 */
export function refusalText(message: string, t: Translate): string | null {
  if (message === T.userSuspendSelf) return t('users.refusals.userSuspendSelf');
  if (message === T.userSuspendAdmin) return t('users.refusals.userSuspendAdmin');
  if (message === T.userActOnAdmin) return t('users.refusals.userActOnAdmin');
  if (message === T.lastSuperAdmin) return t('users.refusals.lastSuperAdmin');
  if (message === T.adminEditNothing) return t('users.refusals.adminEditNothing');
  if (message === T.userNotFound || message.startsWith(`${T.userNotFound}:`)) {
    return t('users.refusals.userNotFound');
  }
  for (const [re, key] of [
    [APPROVE_NOT_PENDING, 'users.refusals.userApproveNotPending'],
    [SUSPEND_NOT_ACTIVE, 'users.refusals.userSuspendNotActive'],
  ] as const) {
    const m = re.exec(message);
    if (m) return t(key, { status: t(`status.${m[1]}`).toLowerCase() });
  }
  return null;
}
