import type { Db } from '#app/db/connection.ts';
import { openWalletAddress } from './wallet-secret.ts';

export type WalletAddress = {
  walletId: string;
  userId: string;
  network: string;
  kind: 'xpub' | 'address';
  value: string;
};

/**
 * The opened address (or key) of each wallet, deleted ones included: a payment keeps naming its wallet after the
 * wallet is deleted, and its funds still belong to that address (forwarder flushes, decision 010). Server-side
 * only: never for a reply.
 */
export async function getWalletAddresses({
  db,
  walletIds,
  secretKey,
}: {
  db: Db;
  walletIds: readonly string[];
  secretKey: Buffer;
}): Promise<Map<string, WalletAddress>> {
  const found = new Map<string, WalletAddress>();
  if (walletIds.length === 0) return found;
  const rows = await db
    .selectFrom('wallets')
    .select(['id', 'user_id', 'network', 'kind', 'address_sealed'])
    .where('id', 'in', [...new Set(walletIds)])
    .execute();
  for (const row of rows) {
    found.set(row.id, {
      walletId: row.id,
      userId: row.user_id,
      network: row.network,
      kind: row.kind,
      value: openWalletAddress(secretKey, row),
    });
  }
  return found;
}
