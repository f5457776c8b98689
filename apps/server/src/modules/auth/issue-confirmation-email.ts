import { randomId } from '@coinlane/core/ids';
import { CONFIRM_TOKEN_TTL_SECONDS } from '@coinlane/core/options';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { sendInBackground } from '#app/mail/send-in-background.ts';
import { confirmEmail } from '#app/mail/templates.ts';
import { issueEmailToken } from './queries.ts';

/**
 * Issues a confirmation link for an account's address and prepares its mail. `db` may be a transaction (the token
 * row is part of the caller's change), so the mail is not sent here: the caller calls `send()` once committed.
 * The mail goes out in the background, since callers answer the same whatever happens to it.
 */
export async function issueConfirmationEmail({
  db,
  mailer,
  log,
  appUrl,
  user,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  user: { id: string; email: string; name: string | null };
}): Promise<{ send: () => void }> {
  const token = await issueEmailToken({
    db,
    id: randomId('etk'),
    userId: user.id,
    kind: 'confirm_email',
    ttlSeconds: CONFIRM_TOKEN_TTL_SECONDS,
  });
  const url = `${appUrl}/confirm-email?token=${token}`;
  const mail = confirmEmail({ name: user.name, url, ttlSeconds: CONFIRM_TOKEN_TTL_SECONDS });
  return { send: () => sendInBackground({ mailer, log, message: { to: user.email, ...mail } }) };
}
