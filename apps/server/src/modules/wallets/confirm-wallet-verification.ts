import type { TWallet } from '@coinlane/core/api/wallets';
import { WALLET_CODE_MAX_WRONG } from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { hashShortCode, safeEqual } from '#app/lib/crypto.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentWallet } from './present-wallet.ts';
import { selectOwnWallet } from './queries.ts';

/**
 * Whitelists a wallet with its e-mailed code. A wrong code counts; the fifth wrong one voids the code. The
 * first whitelisted wallet of a (currency, network) pair becomes its default.
 */
export async function confirmWalletVerification({
  db,
  secretKey,
  userId,
  id,
  code,
  ip,
  now = new Date(),
}: {
  db: Db;
  secretKey: Buffer;
  userId: string;
  id: string;
  code: string;
  ip: string | null;
  now?: Date;
}): Promise<TWallet> {
  // The wrong-attempt count must survive the refusal, so the check commits before any error is thrown.
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await selectOwnWallet(trx, { id, userId, forUpdate: true });
    if (!row) return { error: new AppError('NOT_FOUND', { message: T.walletNotFound }) };
    if (row.verified) return { error: new AppError('INVALID_STATE', { message: T.walletAlreadyVerified }) };
    if (!row.code_hash || !row.code_expires_at) {
      return { error: new AppError('OTP_INVALID', { message: T.walletCodeNotRequested }) };
    }
    if (row.code_expires_at.getTime() <= now.getTime()) {
      return { error: new AppError('OTP_EXPIRED', { message: T.walletCodeExpired }) };
    }
    if (!safeEqual(hashShortCode(secretKey, `${id}:${code}`), row.code_hash)) {
      const wrong = row.code_wrong_attempts + 1;
      const voided = wrong >= WALLET_CODE_MAX_WRONG;
      await trx
        .updateTable('wallets')
        .set({
          code_wrong_attempts: wrong,
          // A voided code keeps its expiry: the resend cooldown still counts from when it was sent.
          ...(voided ? { code_hash: null } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      await recordAudit({
        db: trx,
        actorId: userId,
        actorType: 'user',
        action: 'wallet.verification_failed',
        entityType: 'wallet',
        entityId: id,
        after: { wrongAttempts: wrong, voided },
        ip,
      });
      return {
        error: voided
          ? new AppError('OTP_TOO_MANY_ATTEMPTS', { message: T.walletCodeTooManyAttempts })
          : new AppError('OTP_INVALID', {
              message: T.walletCodeInvalid,
              details: { fields: { code: T.walletCodeInvalid } },
            }),
      };
    }
    const hasDefault = await trx
      .selectFrom('wallets')
      .select('id')
      .where('user_id', '=', userId)
      .where('currency', '=', row.currency)
      .where('network', '=', row.network)
      .where('is_default', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const updated = await trx
      .updateTable('wallets')
      .set({
        verified: true,
        verified_at: now,
        is_default: hasDefault ? sql<boolean>`is_default` : true,
        code_hash: null,
        code_expires_at: null,
        code_wrong_attempts: 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'wallet.verified',
      entityType: 'wallet',
      entityId: id,
      after: { verified: true, isDefault: updated.is_default },
      ip,
    });
    return { wallet: updated };
  });
  if ('error' in outcome) throw outcome.error;
  return presentWallet(outcome.wallet);
}
