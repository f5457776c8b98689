import type { TPasswordPolicy } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TSystemSettings } from '@coinlane/core/system-settings';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashPassword } from '#app/lib/password.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { sendInBackground } from '#app/mail/send-in-background.ts';
import { signupAttemptExisting } from '#app/mail/templates.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getPasswordPolicy } from '#app/modules/system-settings/get-password-policy.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { issueConfirmationEmail } from './issue-confirmation-email.ts';
import { SIGNUP_NOTICE_INTERVAL_MS } from './limits.ts';
import { type AuthUser, findUserByEmail } from './queries.ts';

export type RegisterInput = { name: string; email: string; password: string };

/** The password policy a sign-up form is checked against; 403 REGISTRATION_DISABLED while sign-up is closed. */
export async function getSignupPolicy({ db }: { db: Db }): Promise<TPasswordPolicy> {
  assertRegistrationOpen(await getSystemSettings({ db }));
  return getPasswordPolicy({ db });
}

function assertRegistrationOpen(settings: TSystemSettings) {
  if (!settings.general.registration_enabled) {
    throw new AppError('REGISTRATION_DISABLED', { message: T.registrationDisabled });
  }
}

/**
 * Creates a merchant account (pending until its address is confirmed) and mails a confirmation link.
 *
 * The reply never tells whether the address already has an account: a registered address gets the same reply,
 * after the same work (a password hash), and its owner gets a mail saying someone tried to sign up with it.
 * Mails leave in the background so SMTP timing does not tell the two cases apart either.
 */
export async function registerUser({
  db,
  mailer,
  log,
  appUrl,
  input,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  input: RegisterInput;
  ip: string | null;
}): Promise<{ message: string }> {
  assertRegistrationOpen(await getSystemSettings({ db }));
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const existing = await findUserByEmail({ db, email });
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await noticeExistingAccount({ db, mailer, log, appUrl, user: existing, ip });
    return { message: T.signupSuccess };
  }

  const [firstName, ...rest] = name.split(/\s+/);
  const userId = randomId('usr');
  try {
    const confirmation = await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ id: userId, email, password_hash: passwordHash }).execute();
      await trx
        .insertInto('user_profiles')
        .values({
          id: userId,
          email,
          name,
          first_name: firstName || null,
          last_name: rest.length ? rest.join(' ') : null,
        })
        .execute();
      await trx.insertInto('user_settings').values({ user_id: userId }).execute();
      await recordAudit({
        db: trx,
        actorId: userId,
        actorType: 'user',
        action: 'user.registered',
        entityType: 'user',
        entityId: userId,
        after: { email, name, status: 'pending' },
        ip,
      });
      return issueConfirmationEmail({ db: trx, mailer, log, appUrl, user: { id: userId, email, name } });
    });
    confirmation.send();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same address was registered by a concurrent request: answer as for any registered address.
    const raced = await findUserByEmail({ db, email });
    if (raced) await noticeExistingAccount({ db, mailer, log, appUrl, user: raced, ip });
  }
  return { message: T.signupSuccess };
}

/** Tells the owner of a registered address that someone tried to sign up with it (at most every 15 min). */
async function noticeExistingAccount({
  db,
  mailer,
  log,
  appUrl,
  user,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  user: AuthUser;
  ip: string | null;
}) {
  const recent = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', user.id)
    .where('action', '=', 'user.signup_attempt_existing')
    .where('created_at', '>', new Date(Date.now() - SIGNUP_NOTICE_INTERVAL_MS))
    .limit(1)
    .executeTakeFirst();
  await recordAudit({
    db,
    actorId: null,
    actorType: 'user',
    action: 'user.signup_attempt_existing',
    entityType: 'user',
    entityId: user.id,
    after: { noticeSent: !recent },
    ip,
  });
  if (recent) return;
  const mail = signupAttemptExisting({
    name: user.name,
    loginUrl: `${appUrl}/login`,
    resetUrl: `${appUrl}/reset-password`,
  });
  sendInBackground({ mailer, log, message: { to: user.email, ...mail } });
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
