import type { Db } from '#app/db/connection.ts';

/**
 * A deleted account's traces in the sign-in tables (account deletion, decision 015): its sessions (already revoked)
 * and sign-in challenges lose their IP and user agent, and its login attempts name the deleted address
 * (`anonymisedEmail`) instead of the real one, those of `formerEmail` without a known account included. The rows
 * stay: the IP-wide sign-in limit still counts the attempts (decision 001). Run in the deletion's transaction.
 */
export async function eraseSignInTraces({
  db,
  userId,
  formerEmail,
  anonymisedEmail,
}: {
  db: Db;
  userId: string;
  formerEmail: string;
  anonymisedEmail: string;
}): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ip: null, user_agent: null })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('login_challenges').set({ ip: null }).where('user_id', '=', userId).execute();
  await db
    .updateTable('login_attempts')
    .set({ email: anonymisedEmail })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', formerEmail.toLowerCase())]))
    .execute();
}
