import { AppError } from '@coinlane/core/errors';
import type { UtxoChainConfig } from '@coinlane/core/families/utxo/utxo-chain-config';
import {
  canonicalAddress,
  deriveAddresses,
  isUtxoNetwork,
  type TKeyScriptType,
  type WalletTarget,
} from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { AddressSource } from '#app/modules/payments/address-sources.ts';
import {
  allocateFromKey,
  allocateUniqueAmount,
  reserveWalletAddress,
} from '#app/modules/wallets/allocate-wallet-address.ts';
import { selectDefaultWallet } from '#app/modules/wallets/default-wallet.ts';

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
 * Addresses in the network's form (canonicalAddress: Bitcoin Cash CashAddr, also for a wallet stored in the legacy
 * form).
 */
export function createUtxoWalletAddressSource({
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
  // Bitcoin Cash: a single address sealed in the legacy form (added before CashAddr was its form) is handed out as
  // CashAddr, as keys derive it: payers see one form, and every payment on an address stores the same one.
  const addressForm = (stored: string) => canonicalAddress(stored, target);
  const deriveWith = (wallet: { script_type: string }) => (key: string, index: number) =>
    deriveAddresses(key, wallet.script_type as TKeyScriptType, target, index, 1)[0]!;

  return {
    id: `wallet:${target.network}`,
    async checkReady({ db, userId, currency }) {
      if (!(await findWallet(db, userId, currency.symbol, false))) throw refuse(currency.symbol);
    },
    async allocate({ db, userId, currency, amount, now, previousAttemptId }) {
      const wallet = await findWallet(db, userId, currency.symbol, true);
      if (!wallet) throw refuse(currency.symbol);
      if (wallet.kind === 'xpub') {
        return allocateFromKey({ db, wallet, derive: deriveWith(wallet), secretKey, now, previousAttemptId });
      }
      return allocateUniqueAmount({ db, wallet, secretKey, amount, now, addressForm });
    },
    // An exchange's refund address (decision 024): the key's next fresh child, or the single address.
    async reserveAddress({ db, userId, currency, now }) {
      const wallet = await findWallet(db, userId, currency.symbol, true);
      if (!wallet) throw refuse(currency.symbol);
      return reserveWalletAddress({ db, wallet, derive: deriveWith(wallet), secretKey, now, addressForm });
    },
  };
}

/** The UTXO family's live source of a configured chain (families/utxo/); null for a network that is not UTXO. */
export function utxoWalletAddressSource({
  chain,
  secretKey,
}: {
  chain: UtxoChainConfig;
  secretKey: Buffer;
}): AddressSource | null {
  if (!isUtxoNetwork(chain.network)) return null;
  return createUtxoWalletAddressSource({
    target: { network: chain.network, chainMode: chain.mode },
    secretKey,
  });
}
