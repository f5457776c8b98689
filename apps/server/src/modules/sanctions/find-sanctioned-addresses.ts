import { sanctionsKey } from '@coinlane/core/risk-rules';
import type { Db } from '#app/db/connection.ts';

/** Those of `addresses` that are on the sanctions list in force (compared by sanctionsKey), as given. */
export async function findSanctionedAddresses({
  db,
  addresses,
}: {
  db: Db;
  addresses: readonly string[];
}): Promise<string[]> {
  if (addresses.length === 0) return [];
  const keys = [...new Set(addresses.map(sanctionsKey))];
  const listed = new Set(
    (
      await db
        .selectFrom('sanctioned_addresses')
        .select('address_key')
        .where('address_key', 'in', keys)
        .execute()
    ).map((r) => r.address_key),
  );
  return addresses.filter((a) => listed.has(sanctionsKey(a)));
}

/** The import in force: when, from what file, how many addresses (null before the first import). */
export async function findLatestSanctionsImport({ db }: { db: Db }) {
  return (
    (await db
      .selectFrom('sanctions_imports')
      .selectAll()
      .orderBy('imported_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}
