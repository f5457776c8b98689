import { randomId } from '@coinlane/core/ids';
import type { TAccountStatus, TMode } from '@coinlane/core/options';
import type { TAdminRole } from '@coinlane/core/permissions';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashPassword } from '#app/lib/password.ts';
import { createSession, SESSION_COOKIE } from '#app/modules/auth/sessions.ts';

/** Meets the default password policy (8 characters, one special character). */
export const TEST_PASSWORD = 'Correct-Horse-7';

export type CreateUserOptions = {
  db: Db;
  /** Default: a unique address at example.com. */
  email?: string;
  /** Default: TEST_PASSWORD. */
  password?: string;
  /** Stored as the profile name (the sign-up "full name"). Default: 'Test Merchant'. */
  name?: string;
  /** Default: 'active'. */
  status?: TAccountStatus;
  /** Default: false, or true when adminRole is given. */
  isAdmin?: boolean;
  /** Stored as given; an admin without a role is a super_admin. */
  adminRole?: TAdminRole;
  /** Default: true (the e-mail address is confirmed). */
  emailConfirmed?: boolean;
};

export type TestUser = {
  id: string;
  email: string;
  password: string;
  name: string;
  status: TAccountStatus;
  isAdmin: boolean;
};

// argon2id is deliberately slow; files that create many users with one password hash it once.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/**
 * Inserts an account directly (users, user_profiles, user_settings), as sign-up plus confirmation (and, for
 * admins, the create-admin command) would leave it. For tests only.
 */
export async function createUser({
  db,
  email = `${randomId('user')}@example.com`,
  password = TEST_PASSWORD,
  name = 'Test Merchant',
  status = 'active',
  isAdmin,
  adminRole,
  emailConfirmed = true,
}: CreateUserOptions): Promise<TestUser> {
  const id = randomId('usr');
  const admin = isAdmin ?? adminRole !== undefined;
  const passwordHash = await hashOnce(password);
  const address = email.trim().toLowerCase();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        email: address,
        password_hash: passwordHash,
        status,
        email_confirmed_at: emailConfirmed ? new Date() : null,
      })
      .execute();
    await trx
      .insertInto('user_profiles')
      .values({ id, email: address, admin_role: admin ? (adminRole ?? 'super_admin') : null, name })
      .execute();
    await trx.insertInto('user_settings').values({ user_id: id }).execute();
  });
  return { id, email: address, password, name, status, isAdmin: admin };
}

/**
 * A signed-in session for `userId`, as the sign-in flow would create it. Returns the Cookie header value to
 * pass to app.inject: `headers: { cookie: await signIn({ app, userId }) }`.
 */
export async function signIn({
  app,
  db = app.db,
  userId,
  mode = 'test',
}: {
  app: FastifyInstance;
  db?: Db;
  userId: string;
  mode?: TMode;
}): Promise<string> {
  const { token } = await createSession({ db, userId, mode, ip: '127.0.0.1', userAgent: 'vitest' });
  return `${SESSION_COOKIE}=${token}`;
}
