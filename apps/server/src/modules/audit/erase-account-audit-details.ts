import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** What an account's audit rows may hold about the person (profile, Edit Details, sign-up, avatar, KYC files). */
const PERSONAL_KEYS = new Set([
  'email',
  'name',
  'firstName',
  'lastName',
  'businessName',
  'businessType',
  'website',
  'phone',
  'description',
  'address',
  'city',
  'country',
  'postalCode',
  'avatarUrl',
  'fileName',
]);
export const ERASED = '[deleted]';

/** A before/after value with its personal fields replaced by ERASED (null ones stay null); null if nothing changed. */
function erased(value: unknown): unknown | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const hide = PERSONAL_KEYS.has(key) && v !== null && v !== ERASED;
    out[key] = hide ? ERASED : v;
    changed ||= hide;
  }
  return changed ? out : null;
}

/**
 * Account deletion (decision 015): the personal details in the before and after of the account's audit rows (the
 * account, its profile and settings, its KYC documents: names, business, contact details, address, e-mail, avatar,
 * file names) become '[deleted]'. The rows stay, with who acted, what, when and from where, and every other field:
 * the audit log remains the record of what happened. Run in the deletion's transaction. Returns the rows changed.
 */
export async function eraseAccountAuditDetails({ db, userId }: { db: Db; userId: string }): Promise<number> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('entity_type', 'in', ['user', 'user_profile', 'user_settings']),
          eb('entity_id', '=', userId),
        ]),
        eb.and([
          eb('entity_type', '=', 'kyc_document'),
          sql<boolean>`(before ->> 'userId' = ${userId} OR after ->> 'userId' = ${userId})`,
        ]),
      ]),
    )
    .execute();
  let changed = 0;
  for (const row of rows) {
    const before = erased(row.before);
    const after = erased(row.after);
    if (before === null && after === null) continue;
    await db
      .updateTable('audit_log')
      .set({
        ...(before === null ? {} : { before: JSON.stringify(before) }),
        ...(after === null ? {} : { after: JSON.stringify(after) }),
      })
      .where('id', '=', row.id)
      .execute();
    changed++;
  }
  return changed;
}
