import { randomBytes } from 'node:crypto';
import { forwarderAddress } from '@coinlane/contracts/forwarder-address';
import { getCryptoCurrency, NETWORKS } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { type EvmChainConfig, evmTokenContract } from '@coinlane/core/families/evm/evm-chain-config';
import { deriveEvmAddresses, type TEvmAddress } from '@coinlane/core/families/evm/evm-keys';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { SupportedCryptocurrenciesTable } from '#app/db/schema.ts';
import { chainEnvPrefix } from '#app/lib/chain-config.ts';
import { selectCursor } from '#app/modules/chains/watcher-findings.ts';
import type { AddressSource, AllocatedAddress } from '#app/modules/payments/address-sources.ts';
import { findApplicableRule } from '#app/modules/payouts/find-applicable-rule.ts';
import { allocateFromKey, allocateUniqueAmount } from '#app/modules/wallets/allocate-wallet-address.ts';
import { selectDefaultWallet } from '#app/modules/wallets/default-wallet.ts';
import { openWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { allocateSwapAddress } from './evm-swap-allocation.ts';

/**
 * Live addresses of an EVM network from the merchant's default whitelisted wallet of the coin
 * (docs/decisions/011-evm-watcher.md), by the wallet's receive mode:
 * - forwarder (an address wallet's default): a fresh 32-byte payment salt; the deposit address is the CREATE2
 *   forwarder of (merchant address, salt) under the network's factory (CHAIN_<NETWORK>_FACTORY). It can only ever
 *   pay out to the merchant's address. No factory configured: refused, naming the variable; a factory the watcher
 *   has not found deployed and computing these addresses (chain_cursors.factory): refused for now (503);
 * - single: the wallet's address itself, the amount due made unique (as UTXO single-address wallets);
 * - xpub: the next child m/44'/60'/0'/0/i under the gap/reuse policy of UTXO keys.
 * Before any of these: a payment a payout rule converts gets a swapping deposit address paying the rule's wallet
 * (allocateSwapAddress, docs/decisions/024-auto-conversion.md).
 * Every payment records the chain id (the configured one, or on a dev chain the id its node reported to the
 * watcher) and the token contract (CHAIN_<NETWORK>_TOKENS, else on mainnet the currency's contract_address).
 * Reads only the database.
 */
export function createEvmWalletAddressSource({
  chain,
  secretKey,
}: {
  chain: EvmChainConfig;
  secretKey: Buffer;
}): AddressSource {
  const network = chain.network;
  const name = NETWORKS[network].name;
  const prefix = chainEnvPrefix(network);
  const findWallet = (db: Db, userId: string, symbol: string, forUpdate: boolean) =>
    selectDefaultWallet(db, { userId, currency: symbol, network, chainMode: chain.mode, forUpdate });

  /** The token contract of a token currency on this chain (null for the native coin); refused when unknown. */
  const contractOf = (currency: Selectable<SupportedCryptocurrenciesTable>): TEvmAddress | null => {
    if (getCryptoCurrency(currency.symbol, network)?.native) return null;
    const contract = evmTokenContract(chain, currency.symbol, currency.contract_address);
    if (!contract) {
      throw new AppError('NETWORK_NOT_CONFIGURED', {
        message: T.evmTokenContractMissing(currency.symbol, name, `${prefix}TOKENS`),
      });
    }
    return contract;
  };
  /**
   * What the network's watcher found (chain_cursors: the node's chain id, the verified factory): read when first
   * needed, then kept for the rest of the call.
   */
  const watcherFacts = (db: Db) => {
    let row: ReturnType<typeof selectCursor> | undefined;
    return () => (row ??= selectCursor(db, network));
  };
  type WatcherFacts = ReturnType<typeof watcherFacts>;
  const chainIdOf = async (facts: WatcherFacts): Promise<number> => {
    if (chain.chainId !== null) return chain.chainId;
    const seen = (await facts())?.chain_id ?? null;
    if (seen === null) throw new AppError('SERVICE_UNAVAILABLE', { message: T.evmChainIdUnknown(name) });
    return seen;
  };
  /** The configured factory, once the network's watcher found it deployed and computing our addresses. */
  const verifiedFactory = async (facts: WatcherFacts) => {
    if (!chain.factory) {
      throw new AppError('NETWORK_NOT_CONFIGURED', {
        message: T.evmFactoryMissing(name, `${prefix}FACTORY`),
      });
    }
    if ((await facts())?.factory?.toLowerCase() !== chain.factory.toLowerCase()) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: T.evmFactoryUnverified(name) });
    }
    return chain.factory;
  };

  /** A fresh CREATE2 forwarder deposit address paying `wallet`'s address, under the verified factory. */
  const forwarderFor = async (
    wallet: Parameters<typeof openWalletAddress>[1],
    facts: WatcherFacts,
    chainId: number,
    contractAddress: TEvmAddress | null,
  ): Promise<AllocatedAddress> => {
    const factory = await verifiedFactory(facts);
    const depositSalt = `0x${randomBytes(32).toString('hex')}`;
    const merchant = openWalletAddress(secretKey, wallet) as TEvmAddress;
    return {
      address: forwarderAddress({ factory, merchant, paymentSalt: depositSalt as TEvmAddress }),
      walletId: wallet.id,
      chainDetails: { chainId, depositSalt, forwarderFactory: factory },
      contractAddress,
    };
  };

  /** The whitelisted single-address wallet of the merchant's enabled payout rule for the coin, if any. */
  const ruleWallet = async (db: Db, userId: string, symbol: string) =>
    chain.swapFactory
      ? ((await findApplicableRule(db, { userId, currency: symbol, network, amount: null }))?.wallet ?? null)
      : null;

  return {
    id: `wallet:${network}`,
    async checkReady({ db, userId, currency }) {
      contractOf(currency);
      const wallet = await findWallet(db, userId, currency.symbol, false);
      const facts = watcherFacts(db);
      if (!wallet) {
        // a payout rule's wallet receives it instead (converted, or as it is below the rule's minimum)
        if (!(await ruleWallet(db, userId, currency.symbol))) {
          throw new AppError('WALLET_REQUIRED', { message: T.walletNeededForLive(currency.symbol) });
        }
        await verifiedFactory(facts);
      } else if (wallet.receive_mode === 'forwarder') {
        await verifiedFactory(facts);
      }
      await chainIdOf(facts);
    },
    async allocate({ db, userId, currency, amount, now }): Promise<AllocatedAddress> {
      const contractAddress = contractOf(currency);
      const facts = watcherFacts(db);
      const chainId = await chainIdOf(facts);
      // a payout rule converts it: a swapping deposit address paying the rule's wallet (decision 024)
      const swap = await allocateSwapAddress({
        db,
        chain,
        secretKey,
        userId,
        symbol: currency.symbol,
        decimals: currency.decimals,
        amount,
        contractAddress,
        chainId,
      });
      if (swap) return swap;
      const wallet = await findWallet(db, userId, currency.symbol, true);
      if (!wallet) {
        // below the rule's minimum with no wallet of the coin: a plain forwarder paying the rule's wallet address,
        // the merchant's own whitelisted address on this network, which receives the coin as it is
        const fallback = await ruleWallet(db, userId, currency.symbol);
        if (!fallback)
          throw new AppError('WALLET_REQUIRED', { message: T.walletNeededForLive(currency.symbol) });
        return forwarderFor(fallback, facts, chainId, contractAddress);
      }
      const evm = { chainDetails: { chainId }, contractAddress };
      if (wallet.kind === 'xpub') {
        const derive = (key: string, index: number) => deriveEvmAddresses(key, index, 1)[0]!;
        return { ...(await allocateFromKey({ db, wallet, derive, secretKey, now })), ...evm };
      }
      if (wallet.receive_mode === 'single') {
        return { ...(await allocateUniqueAmount({ db, wallet, secretKey, amount, now })), ...evm };
      }
      return forwarderFor(wallet, facts, chainId, contractAddress);
    },
  };
}
