import type { TRevokedAllApiKeys } from '@coinlane/core/api/api-keys';
import { T } from '@coinlane/core/texts';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

/**
 * Revokes every active API key of an account, in test and live mode, at once: the way out after a password
 * reset (API keys survive it on purpose, so integrations do not break) when someone else may have had access.
 * One audit row names the keys and how the owner asked (the settings page, or the link of the reset e-mail).
 * Runs in the caller's transaction when given one.
 */
export async function revokeAllApiKeys({
  db,
  userId,
  via,
  ip,
  actor = { id: userId, type: 'user' },
}: {
  db: Kysely<Database>;
  userId: string;
  /** How it was asked: the owner from settings or the reset e-mail's link, or an administrator deleting the account. */
  via: 'settings' | 'email_link' | 'account_deleted';
  ip: string | null;
  actor?: { id: string; type: 'user' | 'admin' };
}): Promise<TRevokedAllApiKeys> {
  const now = new Date();
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'key_prefix', 'mode'])
    .execute();
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: 'api_key.revoked_all',
    entityType: 'user',
    entityId: userId,
    after: {
      via,
      count: revoked.length,
      keys: revoked.map((k) => ({ id: k.id, name: k.name, keyPrefix: k.key_prefix, mode: k.mode })),
    },
    ip,
  });
  return { revoked: revoked.length, message: T.apiKeysRevokedAll(revoked.length) };
}

/** How many API keys of the account still work (any mode): the reset e-mail offers the revoke link only then. */
export async function countActiveApiKeys({ db, userId }: { db: Kysely<Database>; userId: string }) {
  const row = await db
    .selectFrom('api_keys')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
