import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { WalletsTable } from '#app/db/schema.ts';

export type WalletRow = Selectable<WalletsTable>;

/** A merchant's wallet that is not deleted, or undefined (another merchant's id included). */
export async function selectOwnWallet(
  db: Db,
  { id, userId, forUpdate = false }: { id: string; userId: string; forUpdate?: boolean },
): Promise<WalletRow | undefined> {
  let q = db
    .selectFrom('wallets')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function selectOwnWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Open (pending or partial) payments that receive to a wallet. */
export async function countOpenPayments(db: Db, walletId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('wallet_id', '=', walletId)
    .where('status', 'in', ['pending', 'partial'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enabled payout rules (not deleted) that pay their conversions to a wallet (decision 024). */
export async function countEnabledRulesOfWallet(db: Db, walletId: string): Promise<number> {
  const row = await db
    .selectFrom('payout_rules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('wallet_id', '=', walletId)
    .where('enabled', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
