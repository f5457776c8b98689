import type { Db } from '#app/db/connection.ts';
import type { WalletRow } from './queries.ts';

/*
 * The wallets module's answer to a chain family's address source (families/<family>/): which wallet a payment of a
 * merchant in (currency, network) receives to.
 */

/** The default whitelisted wallet of (currency, network) on the configured chain mode, locked when asked. */
export async function selectDefaultWallet(
  db: Db,
  {
    userId,
    currency,
    network,
    chainMode,
    forUpdate = false,
  }: { userId: string; currency: string; network: string; chainMode: string; forUpdate?: boolean },
): Promise<WalletRow | undefined> {
  let q = db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('network', '=', network)
    .where('chain_mode', '=', chainMode as WalletRow['chain_mode'])
    .where('is_default', '=', true)
    .where('verified', '=', true)
    .where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}
