import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { consumeEmailToken, markEmailConfirmed, retireEmailTokens } from './queries.ts';

/**
 * Uses a confirmation link: the address is confirmed and, unless the platform requires KYC, the account becomes
 * active. A link works once and for CONFIRM_TOKEN_TTL_SECONDS; anything else is 400 TOKEN_INVALID.
 */
export async function confirmEmail({
  db,
  token,
  ip,
}: {
  db: Db;
  token: string;
  ip: string | null;
}): Promise<{ message: string }> {
  const { general } = await getSystemSettings({ db });
  const confirmed = await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken({ db: trx, token, kind: 'confirm_email' });
    if (!userId) return false;
    const change = await markEmailConfirmed({ db: trx, userId, kycRequired: general.kyc_required === true });
    if (!change) return false;
    // Other confirmation links of the account are moot now.
    await retireEmailTokens({ db: trx, userId, kind: 'confirm_email' });
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'user.email_confirmed',
      entityType: 'user',
      entityId: userId,
      before: change.before,
      after: { ...change.after, emailConfirmed: true },
      ip,
    });
    return true;
  });
  if (!confirmed) throw new AppError('TOKEN_INVALID', { message: T.linkExpired });
  return { message: T.emailConfirmed };
}
