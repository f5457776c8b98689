import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { AllocatedAddress } from '#app/modules/payments/address-sources.ts';
import { amountsTakenOnAddress, lockAddress, uniqueAmount } from '#app/modules/payments/unique-amounts.ts';
import {
  addressHeldElsewhere,
  keptDerivationIndex,
  lastPaidDerivationIndex,
  reusableDerivationIndex,
} from '#app/modules/payments/wallet-address-use.ts';
import { GAP_LIMIT, queueGapNotice } from './gap-limit.ts';
import type { WalletRow } from './queries.ts';
import { openWalletAddress } from './wallet-secret.ts';

/** An address of a payment that expired unpaid, with no transfer ever seen, is handed out again after this. */
export const REUSE_AFTER_MS = 24 * 3600_000;
/** A single-address wallet tells open payments apart by amount: at most this many at once. */
export const SINGLE_ADDRESS_MAX_OPEN = 100;

/**
 * The next address of a key wallet under the gap/reuse policy (decision 008), for any chain: `derive` turns the
 * opened key and a child index into the address (UTXO script types, or EVM m/.../0/i). Call under the payment's
 * insert transaction, with the wallet row locked.
 */
export async function allocateFromKey({
  db,
  wallet,
  derive,
  secretKey,
  now,
  previousAttemptId,
}: {
  db: Db;
  wallet: WalletRow;
  derive: (key: string, index: number) => string;
  secretKey: Buffer;
  now: Date;
  /** The payment link's previous attempt: its index is kept when it never received anything. */
  previousAttemptId?: string;
}): Promise<AllocatedAddress> {
  const cutoff = new Date(now.getTime() - REUSE_AFTER_MS);
  const key = openWalletAddress(secretKey, wallet);
  if (previousAttemptId) {
    // The same payer retrying the same link: the address they may already have copied stays theirs. Only when
    // no payment of that index is open and none ever saw a transfer (not even one later removed by a reorg).
    const kept = await keptDerivationIndex({ db, walletId: wallet.id, previousAttemptId });
    if (kept !== null) {
      const address = derive(key, kept);
      if (!(await takenElsewhere(db, wallet, address))) {
        return { address, walletId: wallet.id, derivationIndex: kept };
      }
    }
  }
  const reusable = await reusableDerivationIndex({ db, walletId: wallet.id, cutoff });
  if (reusable !== null) {
    const address = derive(key, reusable);
    if (!(await takenElsewhere(db, wallet, address))) {
      return { address, walletId: wallet.id, derivationIndex: reusable };
    }
  }
  return freshKeyAddress({ db, wallet, derive, key, now });
}

/**
 * The next child index of a key wallet never handed out (`next_index`, moved past it in the caller's transaction),
 * skipping addresses a payment outside this wallet holds; past GAP_LIMIT unused addresses the merchant is told (a
 * job of this transaction). Call with the wallet row locked.
 */
async function freshKeyAddress({
  db,
  wallet,
  derive,
  key,
  now,
}: {
  db: Db;
  wallet: WalletRow;
  derive: (key: string, index: number) => string;
  key: string;
  now: Date;
}): Promise<AllocatedAddress & { derivationIndex: number }> {
  let lastUsed = await lastPaidDerivationIndex({ db, walletId: wallet.id });
  let next = wallet.next_index;
  // The same key may be a wallet of another account too (a merchant with two accounts), or an earlier wallet of
  // this account (deleted and added again): an address a payment outside this wallet holds is skipped, so an
  // address never serves two wallets and a transfer to it has one owner. Skipped addresses are not gaps of this
  // wallet; one that was paid counts as used for the bound below (a wallet app sees money there).
  for (;;) {
    const index = next;
    next += 1;
    await db
      .updateTable('wallets')
      .set({ next_index: next, updated_at: now })
      .where('id', '=', wallet.id)
      .execute();
    const address = derive(key, index);
    const taken = await takenElsewhere(db, wallet, address);
    if (!taken) {
      // Past the gap limit: the payment is taken all the same, and the merchant is told (once a day per wallet)
      // how far to raise the wallet app's gap limit to see it. The notice is a job row of this transaction.
      const gap = index - (lastUsed ?? -1);
      if (gap > GAP_LIMIT) await queueGapNotice(db, wallet.id, now);
      return { address, walletId: wallet.id, derivationIndex: index };
    }
    if (taken === 'paid') lastUsed = index;
    // A skipped index is not outstanding for this wallet, but a wallet app scanning the key still sees a gap
    // there unless the other account's payment was paid: bounded by the same limit.
    if (index - (lastUsed ?? -1) > GAP_LIMIT * 5) {
      throw new AppError('INVALID_STATE', { message: T.walletKeyShared });
    }
  }
}

/**
 * An address of the merchant's own wallet that no payment is ever handed: an exchange's refund address
 * (decision 024). A key wallet gives its next fresh index (never a reused one), consumed now: reuse and the retry
 * rule only ever hand out indexes that payments hold, so this one is never given to a payment, and a refund landing
 * there is never taken for a payment's money. A single-address wallet gives its one address. Call in a transaction
 * of the caller's with the wallet row locked; it commits the reservation.
 */
export async function reserveWalletAddress({
  db,
  wallet,
  derive,
  secretKey,
  now,
  addressForm = (a) => a,
}: {
  db: Db;
  wallet: WalletRow;
  derive: (key: string, index: number) => string;
  secretKey: Buffer;
  now: Date;
  /** A single address as the family writes it today (see allocateUniqueAmount). */
  addressForm?: (stored: string) => string;
}): Promise<{ address: string; walletId: string; derivationIndex: number | null }> {
  const opened = openWalletAddress(secretKey, wallet);
  if (wallet.kind !== 'xpub')
    return { address: addressForm(opened), walletId: wallet.id, derivationIndex: null };
  const fresh = await freshKeyAddress({ db, wallet, derive, key: opened, now });
  return { address: fresh.address, walletId: wallet.id, derivationIndex: fresh.derivationIndex };
}

/**
 * Serialises every allocation of (network, address) until the payment's transaction ends (two accounts that
 * registered the same key or address allocate under different wallet locks), then tells whether a payment
 * outside this wallet already holds the address: another account's, or another wallet's of this account in the
 * same coin (the key deleted and added again, which starts again at index 0). An address a payment used is
 * never handed out again by another wallet, so a transfer to it has one owner and a paid address is not reused.
 * (Two wallets of one account with one key in two EVM coins may share addresses: the coin tells them apart.)
 */
async function takenElsewhere(db: Db, wallet: WalletRow, address: string): Promise<false | 'open' | 'paid'> {
  await lockAddress(db, wallet.network, address);
  return addressHeldElsewhere({ db, wallet, address });
}

/**
 * A single-address wallet's payment: the wallet's address with the amount due raised to be unique (decision 008),
 * for any chain. Call under the payment's insert transaction, with the wallet row locked.
 */
export async function allocateUniqueAmount({
  db,
  wallet,
  secretKey,
  amount,
  now,
  addressForm = (a) => a,
}: {
  db: Db;
  wallet: WalletRow;
  secretKey: Buffer;
  amount: bigint;
  now: Date;
  /**
   * The stored address as the family writes it today, so that every payment on the address has one form (Bitcoin
   * Cash: an address sealed in the legacy form before CashAddr was its form, as CashAddr; decision 008).
   */
  addressForm?: (stored: string) => string;
}): Promise<AllocatedAddress> {
  const address = addressForm(openWalletAddress(secretKey, wallet));
  // Unique among every payment on the address in this coin, whatever the wallet or account: two accounts may
  // have registered the same address, and an output is matched by (address, amount) alone.
  await lockAddress(db, wallet.network, address);
  const { taken, open } = await amountsTakenOnAddress({
    db,
    network: wallet.network,
    address,
    currency: wallet.currency,
    now,
  });
  if (open >= SINGLE_ADDRESS_MAX_OPEN) {
    throw new AppError('INVALID_STATE', { message: T.walletSingleAddressBusy(SINGLE_ADDRESS_MAX_OPEN) });
  }
  const unique = uniqueAmount(amount, taken);
  return { address, amount: unique, walletId: wallet.id, sharedAddress: true };
}
