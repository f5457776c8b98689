import { getCryptoCurrency } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { type TronChainConfig, tronTokenContract } from '@coinlane/core/families/tron/tron-chain-config';
import { deriveTronAddresses } from '@coinlane/core/families/tron/tron-keys';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { SupportedCryptocurrenciesTable } from '#app/db/schema.ts';
import { chainEnvPrefix } from '#app/lib/chain-config.ts';
import type { AddressSource } from '#app/modules/payments/address-sources.ts';
import { allocateFromKey, allocateUniqueAmount } from '#app/modules/wallets/allocate-wallet-address.ts';
import { selectDefaultWallet } from '#app/modules/wallets/default-wallet.ts';

/**
 * Live addresses on Tron from the merchant's default whitelisted wallet of the coin (docs/decisions/025-tron.md):
 * - a key (xpub of m/44'/195'/0'): the next child m/0/i under the gap and reuse policy of every derived wallet
 *   (modules/wallets allocate-wallet-address.ts), so each payment has an address of its own that the merchant's
 *   wallet controls;
 * - an address: the address itself, the amount due raised by the fewest base units that make it unique among the
 *   open payments on it (decision 008).
 * A token payment records its TRC-20 contract (CHAIN_TRON_TOKENS, else on mainnet the currency row's); a token with
 * no contract on this chain is refused naming the variable. Reads only the database.
 */
export function createTronWalletAddressSource({
  chain,
  secretKey,
}: {
  chain: TronChainConfig;
  secretKey: Buffer;
}): AddressSource {
  const network = chain.network;
  const findWallet = (db: Db, userId: string, symbol: string, forUpdate: boolean) =>
    selectDefaultWallet(db, { userId, currency: symbol, network, chainMode: chain.mode, forUpdate });
  const refuse = (symbol: string) =>
    new AppError('WALLET_REQUIRED', { message: T.walletNeededForLive(symbol) });
  const contractOf = (currency: Selectable<SupportedCryptocurrenciesTable>): string | null => {
    if (getCryptoCurrency(currency.symbol, network)?.native) return null;
    const contract = tronTokenContract(chain, currency.symbol, currency.contract_address);
    if (!contract) {
      throw new AppError('NETWORK_NOT_CONFIGURED', {
        message: T.tronTokenContractMissing(currency.symbol, `${chainEnvPrefix(network)}TOKENS`),
      });
    }
    return contract;
  };
  const derive = (key: string, index: number) => deriveTronAddresses(key, index, 1)[0]!;

  return {
    id: `wallet:${network}`,
    async checkReady({ db, userId, currency }) {
      contractOf(currency);
      if (!(await findWallet(db, userId, currency.symbol, false))) throw refuse(currency.symbol);
    },
    async allocate({ db, userId, currency, amount, now, previousAttemptId }) {
      const contractAddress = contractOf(currency);
      const wallet = await findWallet(db, userId, currency.symbol, true);
      if (!wallet) throw refuse(currency.symbol);
      const allocated =
        wallet.kind === 'xpub'
          ? await allocateFromKey({ db, wallet, derive, secretKey, now, previousAttemptId })
          : await allocateUniqueAmount({ db, wallet, secretKey, amount, now });
      return { ...allocated, chainDetails: {}, contractAddress };
    },
  };
}
