import { randomId } from '@coinlane/core/ids';
import { RESET_TOKEN_TTL_SECONDS } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { sendInBackground } from '#app/mail/send-in-background.ts';
import { passwordReset } from '#app/mail/templates.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { findUserByEmail, issueEmailToken, retireEmailTokens } from './queries.ts';

/**
 * Mails a single-use password-reset link (valid RESET_TOKEN_TTL_SECONDS) to an existing, non-suspended account;
 * a new link replaces the unused older ones. The reply is the same whether or not the address has an account,
 * and the mail leaves in the background so the reply time does not tell either.
 */
export async function requestPasswordReset({
  db,
  mailer,
  log,
  appUrl,
  email,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  email: string;
  ip: string | null;
}): Promise<{ message: string }> {
  const user = await findUserByEmail({ db, email: email.trim().toLowerCase() });
  if (user && user.status !== 'suspended') {
    const token = await db.transaction().execute(async (trx) => {
      await retireEmailTokens({ db: trx, userId: user.id, kind: 'password_reset' });
      const secret = await issueEmailToken({
        db: trx,
        id: randomId('etk'),
        userId: user.id,
        kind: 'password_reset',
        ttlSeconds: RESET_TOKEN_TTL_SECONDS,
      });
      await recordAudit({
        db: trx,
        actorId: null,
        actorType: 'user',
        action: 'user.password_reset_requested',
        entityType: 'user',
        entityId: user.id,
        ip,
      });
      return secret;
    });
    const mail = passwordReset({
      name: user.name,
      url: `${appUrl}/reset-password?token=${token}`,
      ttlSeconds: RESET_TOKEN_TTL_SECONDS,
      ip,
      at: new Date(),
    });
    sendInBackground({ mailer, log, message: { to: user.email, ...mail } });
  }
  return { message: T.passwordResetSent };
}
