import type { TWalletList } from '@coinlane/core/api/wallets';
import type { Db } from '#app/db/connection.ts';
import { gapLimitNeeded } from './gap-limit.ts';
import { presentWallet } from './present-wallet.ts';
import { selectOwnWallets } from './queries.ts';

/** The merchant's wallets (account-wide: the same list in test and live mode), oldest first. */
export async function listWallets({ db, userId }: { db: Db; userId: string }): Promise<TWalletList> {
  const rows = await selectOwnWallets(db, userId);
  const wallets = [];
  for (const row of rows) {
    wallets.push(presentWallet(row, row.kind === 'xpub' ? await gapLimitNeeded(db, row.id) : null));
  }
  return { wallets };
}
