import { AppError } from '@coinlane/core/errors';
import { OTP_TTL_SECONDS } from '@coinlane/core/options';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '#app/mail/mailer.ts';
import { loginCode } from '#app/mail/templates.ts';

/**
 * Mails a sign-in code and waits for the mail server to take it: the user cannot go on without it, so a failure
 * is reported (503 with `failureMessage`) instead of leaving them waiting for a mail that never comes.
 */
export async function mailLoginCode({
  mailer,
  log,
  appUrl,
  user,
  code,
  ip,
  failureMessage,
}: {
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  user: { email: string; name: string | null };
  code: string;
  ip: string | null;
  failureMessage: string;
}): Promise<void> {
  const mail = loginCode({
    name: user.name,
    code,
    ttlSeconds: OTP_TTL_SECONDS,
    ip,
    at: new Date(),
    resetUrl: `${appUrl}/reset-password`,
  });
  try {
    await mailer.send({ to: user.email, ...mail });
  } catch (err) {
    log.error({ err }, 'sign-in code mail could not be sent');
    throw new AppError('SERVICE_UNAVAILABLE', { message: failureMessage });
  }
}
