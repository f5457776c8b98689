import { randomBytes } from 'node:crypto';
import { randomId } from '@coinlane/core/ids';
import type { Db } from '#app/db/connection.ts';
import type { WalletsTable } from '#app/db/schema.ts';
import { sha256 } from '#app/lib/crypto.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';

/** A well-formed EVM address of 20 random bytes (lower case). */
export const randomEvmAddress = () => `0x${randomBytes(20).toString('hex')}`;

/**
 * A payout wallet row as adding and whitelisting it would leave it (sealed address, display form), inserted
 * directly: for tests of rules and history that are not about the wallet flow itself (wallets.test.ts is).
 * Default: a whitelisted USDT single address on ethereum.
 */
export async function insertPayoutWallet({
  db,
  secretKey,
  userId,
  currency = 'USDT',
  network = 'ethereum',
  kind = 'address',
  verified = true,
  address = kind === 'xpub'
    ? `xpub${randomBytes(40).toString('hex')}`
    : network === 'litecoin'
      ? `rltc1q${randomBytes(19).toString('hex')}`
      : randomEvmAddress(),
  label = `${currency} Wallet`,
  chainMode = 'mainnet',
  deleted = false,
}: {
  db: Db;
  secretKey: Buffer;
  userId: string;
  currency?: string;
  network?: string;
  kind?: 'address' | 'xpub';
  verified?: boolean;
  address?: string;
  label?: string;
  chainMode?: WalletsTable['chain_mode'];
  deleted?: boolean;
}): Promise<{ id: string; address: string }> {
  const id = randomId('wal');
  const now = new Date();
  const evm = !['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash'].includes(network);
  await db
    .insertInto('wallets')
    .values({
      id,
      user_id: userId,
      currency,
      network,
      chain_mode: chainMode,
      kind,
      address_sealed: sealWalletAddress(secretKey, id, address),
      address_hash: sha256(`${network}:${address}`),
      address_display: kind === 'xpub' ? `${address.slice(0, 8)}...${address.slice(-6)}` : address,
      script_type: evm ? 'evm' : 'p2wpkh',
      label,
      verified,
      verified_at: verified ? now : null,
      receive_mode: evm ? (kind === 'xpub' ? 'xpub' : 'forwarder') : null,
      deleted_at: deleted ? now : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, address };
}
