import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';

export type MerchantOfTransaction = { id: string; label: string; email: string | null };

/** The merchant label (admin spec 7): business name, else name, else 'Unknown Merchant'. */
export const merchantLabel = (p: { business_name: string | null; name: string | null } | undefined) =>
  p?.business_name?.trim() || p?.name?.trim() || T.unknownMerchant;

/** The merchants of the given user ids with their label and e-mail, by id (an unknown id is absent). */
export async function selectMerchants(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, MerchantOfTransaction>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.id', 'users.email', 'user_profiles.business_name', 'user_profiles.name'])
    .where('users.id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, label: merchantLabel(r), email: r.email }]));
}

/** A merchant as the transaction shows it, 'Unknown Merchant' when the account is gone. */
export const merchantOf = (
  merchants: Map<string, MerchantOfTransaction>,
  id: string,
): MerchantOfTransaction => merchants.get(id) ?? { id, label: T.unknownMerchant, email: null };
