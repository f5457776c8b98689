import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import {
  CRYPTO_CURRENCIES,
  getCryptoCurrency,
  NETWORK_IDS,
  PAYMENT_LINK_CRYPTOS,
} from '@coinlane/core/currencies';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { isLiveCurrency } from '#app/lib/is-live-network.ts';
import { networkInfo } from './resolve-currency.ts';

/**
 * GET /currencies: the enabled coins with their enabled networks. The spec's link currencies come first in
 * its order (BTC, ETH, USDT, USDC), each with its networks in the spec's order, then its other networks in
 * the catalogue's network order; the other coins follow in catalogue order, then any the admin added.
 */
export async function listCurrencies({
  db,
  live,
}: {
  db: Db;
  /** Live mode: only what live payments can be made in now (a node for the network: isLiveCurrency). */
  live?: Pick<Config, 'configuredChains'>;
}): Promise<TCurrencyOption[]> {
  const all = await db
    .selectFrom('supported_cryptocurrencies')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const rows = live
    ? all.filter((r) =>
        isLiveCurrency({
          symbol: r.symbol,
          network: r.network,
          native: getCryptoCurrency(r.symbol, r.network)?.native ?? r.contract_address === null,
          contractAddress: r.contract_address,
          config: live,
        }),
      )
    : all;
  const order = [...Object.keys(PAYMENT_LINK_CRYPTOS), ...CRYPTO_CURRENCIES.map((c) => c.symbol)];
  const rank = (symbol: string) => {
    const i = order.indexOf(symbol);
    return i === -1 ? order.length : i;
  };
  const netRank = (symbol: string, network: string) => {
    const spec = (PAYMENT_LINK_CRYPTOS[symbol] ?? []) as readonly string[];
    const i = spec.indexOf(network);
    if (i !== -1) return i;
    const j = (NETWORK_IDS as readonly string[]).indexOf(network);
    return spec.length + (j === -1 ? NETWORK_IDS.length : j);
  };
  const bySymbol = new Map<string, TCurrencyOption>();
  for (const r of rows) {
    const net = networkInfo(r.network);
    const entry = bySymbol.get(r.symbol) ?? { symbol: r.symbol, name: r.name, networks: [] };
    entry.networks.push({
      id: r.network,
      name: net.name,
      decimals: r.decimals,
      requiredConfirmations: r.required_confirmations,
      feeText: net.feeText,
      speedText: net.speedText,
    });
    bySymbol.set(r.symbol, entry);
  }
  const list = [...bySymbol.values()];
  for (const c of list) c.networks.sort((a, b) => netRank(c.symbol, a.id) - netRank(c.symbol, b.id));
  return list.sort((a, b) => rank(a.symbol) - rank(b.symbol) || a.symbol.localeCompare(b.symbol));
}
