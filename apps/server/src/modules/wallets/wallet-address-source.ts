import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import {
  deriveAddresses,
  isUtxoNetwork,
  type TKeyScriptType,
  type WalletTarget,
} from '@coinlane/core/utxo-keys';
import { sql } from 'kysely';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { isEvmChain } from '#app/lib/chain-config.ts';
import type { AddressSource, AllocatedAddress } from '#app/modules/payments/address-sources.ts';
import { amountsTakenOnAddress, lockAddress, uniqueAmount } from '#app/modules/payments/unique-amounts.ts';
import { createEvmWalletAddressSource } from './evm-address-source.ts';
import { GAP_LIMIT, queueGapNotice } from './gap-limit.ts';
import { selectDefaultWallet, type WalletRow } from './queries.ts';
import { openWalletAddress } from './wallet-secret.ts';

export { GAP_LIMIT };
/** An address of a payment that expired unpaid, with no transfer ever seen, is handed out again after this. */
export const REUSE_AFTER_MS = 24 * 3600_000;
/** A single-address wallet tells open payments apart by amount: at most this many at once. */
export const SINGLE_ADDRESS_MAX_OPEN = 100;

/**
 * Live addresses of a UTXO network from the merchant's default whitelisted wallet of the coin
 * (docs/decisions/008-wallets.md):
 * - a key: a payment link's next attempt keeps the address of its previous attempt when that one never
 *   received anything; otherwise the lowest index whose payments all expired unpaid more than 24 h ago with no
 *   transfer ever seen is reused; otherwise the next child m/0/i never handed out (next_index, incremented under
 *   the wallet's row lock in the payment's insert transaction). Past GAP_LIMIT unused addresses after the last
 *   one that received funds, payments are still taken (nobody can switch a merchant's payments off by opening
 *   links) and the merchant is told, by e-mail and on the Wallets tab, to raise the gap limit of the wallet app;
 * - a single address: the amount due is raised by the fewest base units that make it unique among the
 *   payments on the address in the coin (any wallet or account) that are open or expired in the last 24 h.
 */
export function createWalletAddressSource({
  target,
  secretKey,
}: {
  target: WalletTarget;
  secretKey: Buffer;
}): AddressSource {
  const findWallet = (db: Db, userId: string, symbol: string, forUpdate: boolean) =>
    selectDefaultWallet(db, {
      userId,
      currency: symbol,
      network: target.network,
      chainMode: target.chainMode,
      forUpdate,
    });
  const refuse = (symbol: string) =>
    new AppError('WALLET_REQUIRED', { message: T.walletNeededForLive(symbol) });

  return {
    id: `wallet:${target.network}`,
    async checkReady({ db, userId, currency }) {
      if (!(await findWallet(db, userId, currency.symbol, false))) throw refuse(currency.symbol);
    },
    async allocate({ db, userId, currency, amount, now, previousAttemptId }) {
      const wallet = await findWallet(db, userId, currency.symbol, true);
      if (!wallet) throw refuse(currency.symbol);
      if (wallet.kind === 'xpub') {
        const script = wallet.script_type as TKeyScriptType;
        const derive = (key: string, index: number) => deriveAddresses(key, script, target, index, 1)[0]!;
        return allocateFromKey({ db, wallet, derive, secretKey, now, previousAttemptId });
      }
      return allocateUniqueAmount({ db, wallet, secretKey, amount, now });
    },
  };
}

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
    const kept = await sql<{ idx: number }>`
      SELECT p.derivation_index AS idx FROM payments p
      WHERE p.id = ${previousAttemptId} AND p.wallet_id = ${wallet.id} AND p.derivation_index IS NOT NULL
        AND p.status IN ('expired', 'failed')
        AND NOT EXISTS (
          SELECT 1 FROM payments q
          WHERE q.wallet_id = ${wallet.id} AND q.derivation_index = p.derivation_index
            AND (q.status IN ('pending', 'partial')
              OR EXISTS (SELECT 1 FROM transfers t WHERE t.payment_id = q.id))
        )
    `.execute(db);
    if (kept.rows[0]) {
      const index = Number(kept.rows[0].idx);
      const address = derive(key, index);
      if (!(await takenElsewhere(db, wallet, address))) {
        return { address, walletId: wallet.id, derivationIndex: index };
      }
    }
  }
  const reusable = await sql<{ idx: number }>`
    SELECT p.derivation_index AS idx
    FROM payments p
    WHERE p.wallet_id = ${wallet.id} AND p.derivation_index IS NOT NULL
    GROUP BY p.derivation_index
    HAVING bool_and(p.status = 'expired') AND max(p.expires_at) < ${cutoff}
      AND NOT EXISTS (
        SELECT 1 FROM transfers t JOIN payments q ON q.id = t.payment_id
        WHERE q.wallet_id = ${wallet.id} AND q.derivation_index = p.derivation_index
      )
    ORDER BY p.derivation_index
    LIMIT 1
  `.execute(db);
  if (reusable.rows[0]) {
    const index = Number(reusable.rows[0].idx);
    const address = derive(key, index);
    if (!(await takenElsewhere(db, wallet, address))) {
      return { address, walletId: wallet.id, derivationIndex: index };
    }
  }
  const used = await sql<{ last: number | null }>`
    SELECT max(q.derivation_index) AS last
    FROM transfers t JOIN payments q ON q.id = t.payment_id
    WHERE q.wallet_id = ${wallet.id}
  `.execute(db);
  let lastUsed = used.rows[0]?.last ?? null;
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
      const gap = index - (lastUsed === null ? -1 : Number(lastUsed));
      if (gap > GAP_LIMIT) await queueGapNotice(db, wallet.id, now);
      return { address, walletId: wallet.id, derivationIndex: index };
    }
    if (taken === 'paid') lastUsed = index;
    // A skipped index is not outstanding for this wallet, but a wallet app scanning the key still sees a gap
    // there unless the other account's payment was paid: bounded by the same limit.
    if (index - (lastUsed === null ? -1 : Number(lastUsed)) > GAP_LIMIT * 5) {
      throw new AppError('INVALID_STATE', { message: T.walletKeyShared });
    }
  }
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
  const row = await db
    .selectFrom('payments')
    .select((eb) => [
      'id',
      eb
        .exists(eb.selectFrom('transfers as t').select('t.id').whereRef('t.payment_id', '=', 'payments.id'))
        .as('paid'),
    ])
    .where('network', '=', wallet.network)
    .where('address', '=', address)
    .where((eb) =>
      eb.or([
        eb('user_id', '<>', wallet.user_id),
        eb.and([
          eb.or([eb('wallet_id', 'is', null), eb('wallet_id', '<>', wallet.id)]),
          eb('currency', '=', wallet.currency),
        ]),
      ]),
    )
    .orderBy('paid', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? false : row.paid ? 'paid' : 'open';
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
}: {
  db: Db;
  wallet: WalletRow;
  secretKey: Buffer;
  amount: bigint;
  now: Date;
}): Promise<AllocatedAddress> {
  const address = openWalletAddress(secretKey, wallet);
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
  return { address, amount: unique, walletId: wallet.id };
}

/**
 * The wallet-backed live source of every configured chain (CHAIN_<NETWORK>_RPC_URL), by network: UTXO networks
 * here, EVM networks through createEvmWalletAddressSource (forwarder, single or xpub wallets). The composition
 * root (server.ts) hands them to the payments module.
 */
export function walletAddressSources(
  config: Pick<Config, 'configuredChains' | 'appSecretKey'>,
): Record<string, AddressSource> {
  const sources: Record<string, AddressSource> = {};
  for (const chain of config.configuredChains) {
    if (isEvmChain(chain)) {
      sources[chain.network] = createEvmWalletAddressSource({ chain, secretKey: config.appSecretKey });
      continue;
    }
    if (!isUtxoNetwork(chain.network)) continue;
    sources[chain.network] = createWalletAddressSource({
      target: { network: chain.network, chainMode: chain.mode },
      secretKey: config.appSecretKey,
    });
  }
  return sources;
}
