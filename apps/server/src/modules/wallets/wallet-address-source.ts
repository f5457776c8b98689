import type { Config } from '#app/config.ts';
import { familyOf } from '#app/lib/chain-config.ts';
import type { AddressSource } from '#app/modules/payments/address-sources.ts';
import { GAP_LIMIT } from './gap-limit.ts';
import type { WalletFamily } from './wallet-family.ts';

export { GAP_LIMIT };

/**
 * The wallet-backed live source of every configured chain (CHAIN_<NETWORK>_RPC_URL), by network, each made by the
 * chain's family (UTXO: createUtxoWalletAddressSource; EVM: createEvmWalletAddressSource, forwarder, single or xpub
 * wallets). The composition root (server-payments.ts) hands them to the payments module.
 */
export function walletAddressSources({
  config,
  families,
}: {
  config: Pick<Config, 'configuredChains' | 'appSecretKey'>;
  families: readonly WalletFamily[];
}): Record<string, AddressSource> {
  const sources: Record<string, AddressSource> = {};
  for (const chain of config.configuredChains) {
    const family = families.find((f) => f.id === familyOf(chain));
    const source = family?.addressSource({ chain, secretKey: config.appSecretKey });
    if (source) sources[chain.network] = source;
  }
  return sources;
}
