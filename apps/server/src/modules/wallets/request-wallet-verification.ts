import {
  type TWalletCodeSent,
  WALLET_CODE_RESEND_SECONDS,
  WALLET_CODE_TTL_SECONDS,
} from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashShortCode, newOtp } from '#app/lib/crypto.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectOwnWallet } from './queries.ts';
import { walletCodeMail } from './wallet-code-mail.ts';

/**
 * E-mails a 6-digit code that whitelists the wallet (valid 10 minutes, 5 wrong tries). Only the code's hash is
 * stored; a new request replaces the previous code, but not within WALLET_CODE_RESEND_SECONDS of the previous
 * one (429 RATE_LIMITED, `retryAfterSeconds` in the details): the send time is `code_expires_at` minus the TTL,
 * kept when five wrong codes void a code, so neither repeated requests nor voided codes give unlimited mails
 * or guesses. The row is locked, so concurrent requests send one code. The row is written first and the mail
 * sent after the transaction (never a transaction open over SMTP); a mail failure is reported (503).
 */
export async function requestWalletVerification({
  db,
  secretKey,
  mailer,
  log,
  user,
  id,
  ip,
  now = new Date(),
}: {
  db: Db;
  /** The server's secret key: the code is stored keyed by it (lib/crypto hashShortCode). */
  secretKey: Buffer;
  mailer: Mailer;
  log: FastifyBaseLogger;
  user: { id: string; email: string; name: string | null };
  id: string;
  ip: string | null;
  now?: Date;
}): Promise<TWalletCodeSent> {
  const code = newOtp(6);
  const expiresAt = new Date(now.getTime() + WALLET_CODE_TTL_SECONDS * 1000);
  const wallet = await db.transaction().execute(async (trx) => {
    const row = await selectOwnWallet(trx, { id, userId: user.id, forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', { message: T.walletNotFound });
    if (row.verified) throw new AppError('INVALID_STATE', { message: T.walletAlreadyVerified });
    if (row.code_expires_at) {
      const resendAt =
        row.code_expires_at.getTime() - (WALLET_CODE_TTL_SECONDS - WALLET_CODE_RESEND_SECONDS) * 1000;
      if (resendAt > now.getTime()) {
        const retryAfterSeconds = Math.ceil((resendAt - now.getTime()) / 1000);
        throw new AppError('RATE_LIMITED', {
          message: T.walletCodeResendWait(retryAfterSeconds),
          details: { retryAfterSeconds },
        });
      }
    }
    await trx
      .updateTable('wallets')
      .set({
        code_hash: hashShortCode(secretKey, `${id}:${code}`),
        code_expires_at: expiresAt,
        code_wrong_attempts: 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit({
      db: trx,
      actorId: user.id,
      actorType: 'user',
      action: 'wallet.verification_requested',
      entityType: 'wallet',
      entityId: id,
      ip,
    });
    return row;
  });
  const mail = walletCodeMail({
    name: user.name,
    code,
    ttlSeconds: WALLET_CODE_TTL_SECONDS,
    wallet: {
      label: wallet.label,
      currency: wallet.currency,
      network: wallet.network,
      address: wallet.address_display,
    },
    ip,
    at: now,
  });
  try {
    await mailer.send({ to: user.email, ...mail });
  } catch (err) {
    log.error({ err }, 'wallet verification mail could not be sent');
    throw new AppError('SERVICE_UNAVAILABLE', { message: T.walletVerifyMailFailed });
  }
  return {
    sent: true,
    expiresAt: expiresAt.toISOString(),
    resendAt: new Date(now.getTime() + WALLET_CODE_RESEND_SECONDS * 1000).toISOString(),
    message: T.walletCodeSent,
  };
}
