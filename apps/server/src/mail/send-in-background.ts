import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Sends a mail without making the caller wait for the SMTP round trip. Used where the reply must not depend on
 * whether a mail was sent (sign-up and password reset must answer the same, equally fast, for known and
 * unknown addresses). A failure is logged, never thrown.
 */
export function sendInBackground({
  mailer,
  log,
  message,
}: {
  mailer: Mailer;
  log: FastifyBaseLogger;
  message: MailMessage;
}): void {
  void mailer.send(message).catch((err: unknown) => {
    log.error({ err, subject: message.subject }, 'mail could not be sent');
  });
}
