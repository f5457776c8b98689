import type { Db } from '#app/db/connection.ts';

/** One row of login_attempts: the input of the login throttle (check-login-throttle.ts). */
export async function recordLoginAttempt({
  db,
  email,
  userId,
  ip,
  success,
}: {
  db: Db;
  email: string;
  userId: string | null;
  ip: string;
  success: boolean;
}): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ email: email.toLowerCase(), user_id: userId, ip, success })
    .execute();
}
