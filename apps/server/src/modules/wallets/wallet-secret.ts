import { openSecret, sealSecret } from '#app/lib/secret-box.ts';
import type { WalletRow } from './queries.ts';

/**
 * A wallet's address or key is sealed at rest with APP_SECRET_KEY, bound to the wallet id (a sealed value copied
 * to another row does not open there).
 */
export const sealWalletAddress = (key: Buffer, walletId: string, value: string) =>
  sealSecret(key, value, `wallet:${walletId}`);

export const openWalletAddress = (key: Buffer, row: Pick<WalletRow, 'id' | 'address_sealed'>) =>
  openSecret(key, row.address_sealed, `wallet:${row.id}`);
