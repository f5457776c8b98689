import type { Db } from '#app/db/connection.ts';
import type { EmailTokenKind } from '#app/db/schema.ts';
import { newToken, sha256 } from '#app/lib/crypto.ts';

/** Database access of the auth module shared by several of its service functions. */

export type AuthUser = {
  id: string;
  email: string;
  passwordHash: string;
  status: 'pending' | 'active' | 'suspended';
  emailConfirmedAt: Date | null;
  mode: 'test' | 'live';
  name: string | null;
};

function userQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.password_hash',
      'users.status',
      'users.email_confirmed_at',
      'users.mode',
      'user_profiles.name',
      'user_profiles.first_name',
      'user_profiles.last_name',
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirst']>>;

function toAuthUser(row: UserRow): AuthUser | null {
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    status: row.status,
    emailConfirmedAt: row.email_confirmed_at,
    mode: row.mode,
    name: row.name || [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
  };
}

/** The account of an address (addresses are unique case-insensitively). */
export async function findUserByEmail({ db, email }: { db: Db; email: string }): Promise<AuthUser | null> {
  const row = await userQuery(db)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return toAuthUser(row);
}

export async function findUserById({ db, userId }: { db: Db; userId: string }): Promise<AuthUser | null> {
  return toAuthUser(await userQuery(db).where('users.id', '=', userId).executeTakeFirst());
}

/** Stores a new single-use e-mail token (only its hash) and returns the secret to put in the link. */
export async function issueEmailToken({
  db,
  userId,
  kind,
  ttlSeconds,
  id,
}: {
  db: Db;
  userId: string;
  kind: EmailTokenKind;
  ttlSeconds: number;
  id: string;
}): Promise<string> {
  const token = newToken();
  await db
    .insertInto('email_tokens')
    .values({
      id,
      user_id: userId,
      kind,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
  return token;
}

/**
 * Uses an e-mail token: one UPDATE marks it used only if it is unused and unexpired, so two concurrent uses
 * cannot both succeed. Returns the user id, or null for an unknown, used or expired token.
 */
export async function consumeEmailToken({
  db,
  token,
  kind,
}: {
  db: Db;
  token: string;
  kind: EmailTokenKind;
}): Promise<string | null> {
  const now = new Date();
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Whether a token is currently usable (a cheap check before expensive work; using it is consumeEmailToken). */
export async function isEmailTokenUsable({
  db,
  token,
  kind,
}: {
  db: Db;
  token: string;
  kind: EmailTokenKind;
}): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return !!row;
}

/** Marks every unused token of one kind of a user as used (a newer one replaces them, or they are moot). */
export async function retireEmailTokens({
  db,
  userId,
  kind,
}: {
  db: Db;
  userId: string;
  kind: EmailTokenKind;
}): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/** When the newest token of a kind was issued to a user, or null. */
export async function lastEmailTokenAt({
  db,
  userId,
  kind,
}: {
  db: Db;
  userId: string;
  kind: EmailTokenKind;
}): Promise<Date | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

/**
 * Records that the user proved the address. On the first confirmation a pending account becomes active unless
 * the platform requires KYC (then it stays pending until an admin approves it); a suspended one stays suspended.
 */
export async function markEmailConfirmed({
  db,
  userId,
  kycRequired,
}: {
  db: Db;
  userId: string;
  kycRequired: boolean;
}): Promise<{ before: { status: string; emailConfirmed: boolean }; after: { status: string } } | null> {
  const current = await db
    .selectFrom('users')
    .select(['status', 'email_confirmed_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return null;
  // Only the first confirmation moves the status: a later one (a reset link) never undoes an admin's decision.
  const firstTime = current.email_confirmed_at === null;
  const status = firstTime && current.status === 'pending' && !kycRequired ? 'active' : current.status;
  const now = new Date();
  await db
    .updateTable('users')
    .set({ email_confirmed_at: current.email_confirmed_at ?? now, status, updated_at: now })
    .where('id', '=', userId)
    .execute();
  return {
    before: { status: current.status, emailConfirmed: current.email_confirmed_at !== null },
    after: { status },
  };
}
