import type { TWalletList } from '@coinlane/core/api/wallets';
import type { Db } from '#app/db/connection.ts';
import { presentWallet } from './present-wallet.ts';
import { selectOwnWallets } from './queries.ts';

/** The merchant's wallets (account-wide: the same list in test and live mode), oldest first. */
export async function listWallets({ db, userId }: { db: Db; userId: string }): Promise<TWalletList> {
  return { wallets: (await selectOwnWallets(db, userId)).map(presentWallet) };
}
