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
import type {
  AddressSource,
  AddressSources,
  AllocatedAddress,
} from '#app/modules/payments/address-sources.ts';
import { selectDefaultWallet, type WalletRow } from './queries.ts';
import { openWalletAddress } from './wallet-secret.ts';

/** Wallet apps stop scanning after this many consecutive unused addresses (BIP44 gap limit). */
export const GAP_LIMIT = 20;
/** An address of a payment that expired unpaid, with no transfer ever seen, is handed out again after this. */
export const REUSE_AFTER_MS = 24 * 3600_000;
/** A single-address wallet tells open payments apart by amount: at most this many at once. */
export const SINGLE_ADDRESS_MAX_OPEN = 100;

/**
 * Live addresses of a UTXO network from the merchant's default whitelisted wallet of the coin
 * (docs/decisions/008-wallets.md):
 * - a key: the next child m/0/i never handed out (next_index, incremented under the wallet's row lock in the
 *   payment's insert transaction); before extending the window, the lowest index whose payments all expired
 *   unpaid more than 24 h ago with no transfer ever seen is reused; with GAP_LIMIT unused addresses
 *   outstanding past the last one that received funds, new payments are refused until some are paid or reusable;
 * - a single address: the amount due is raised by the fewest base units that make it unique among the
 *   wallet's open payments and those expired in the last 24 h (late payments still match).
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
    async allocate({ db, userId, currency, amount, now }) {
      const wallet = await findWallet(db, userId, currency.symbol, true);
      if (!wallet) throw refuse(currency.symbol);
      if (wallet.kind === 'xpub') return allocateFromKey({ db, wallet, target, secretKey, now });
      return allocateUniqueAmount({ db, wallet, secretKey, amount, now });
    },
  };
}

async function allocateFromKey({
  db,
  wallet,
  target,
  secretKey,
  now,
}: {
  db: Db;
  wallet: WalletRow;
  target: WalletTarget;
  secretKey: Buffer;
  now: Date;
}): Promise<AllocatedAddress> {
  const cutoff = new Date(now.getTime() - REUSE_AFTER_MS);
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
  let index: number;
  if (reusable.rows[0]) {
    index = Number(reusable.rows[0].idx);
  } else {
    const used = await sql<{ last: number | null }>`
      SELECT max(q.derivation_index) AS last
      FROM transfers t JOIN payments q ON q.id = t.payment_id
      WHERE q.wallet_id = ${wallet.id}
    `.execute(db);
    const lastUsed = used.rows[0]?.last ?? null;
    const outstanding = wallet.next_index - (lastUsed === null ? 0 : Number(lastUsed) + 1);
    if (outstanding >= GAP_LIMIT)
      throw new AppError('INVALID_STATE', { message: T.walletGapLimit(GAP_LIMIT) });
    index = wallet.next_index;
    await db
      .updateTable('wallets')
      .set({ next_index: sql<number>`next_index + 1`, updated_at: now })
      .where('id', '=', wallet.id)
      .execute();
  }
  const key = openWalletAddress(secretKey, wallet);
  const [address] = deriveAddresses(key, wallet.script_type as TKeyScriptType, target, index, 1);
  return { address: address!, walletId: wallet.id, derivationIndex: index };
}

async function allocateUniqueAmount({
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
  const cutoff = new Date(now.getTime() - REUSE_AFTER_MS);
  const rows = await db
    .selectFrom('payments')
    .select(['amount', 'status'])
    .where('wallet_id', '=', wallet.id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'partial']),
        eb.and([eb('status', '=', 'expired'), eb('expires_at', '>', cutoff)]),
      ]),
    )
    .execute();
  const open = rows.filter((r) => r.status === 'pending' || r.status === 'partial').length;
  if (open >= SINGLE_ADDRESS_MAX_OPEN) {
    throw new AppError('INVALID_STATE', { message: T.walletSingleAddressBusy(SINGLE_ADDRESS_MAX_OPEN) });
  }
  const taken = new Set(rows.map((r) => BigInt(r.amount)));
  let unique = amount;
  while (taken.has(unique)) unique += 1n;
  return { address: openWalletAddress(secretKey, wallet), amount: unique, walletId: wallet.id };
}

/** Registers a wallet-backed live source for every configured UTXO chain (CHAIN_<NETWORK>_RPC_URL). */
export function registerWalletAddressSources({
  config,
  sources,
}: {
  config: Pick<Config, 'configuredChains' | 'appSecretKey'>;
  sources: AddressSources;
}): void {
  for (const chain of config.configuredChains) {
    if (!isUtxoNetwork(chain.network)) continue;
    sources.setLive(
      chain.network,
      createWalletAddressSource({
        target: { network: chain.network, chainMode: chain.mode },
        secretKey: config.appSecretKey,
      }),
    );
  }
}
