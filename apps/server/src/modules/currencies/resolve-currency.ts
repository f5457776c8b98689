import { normalizeCoinSymbol } from '@coinlane/core/coin-input';
import {
  getNetwork,
  NETWORKS,
  normalizeNetworkId,
  PAYMENT_LINK_CRYPTOS,
  type TNetworkInfo,
} from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { readCachesOf } from '#app/db/read-caches.ts';
import { type CurrencyRow, selectBySymbolNetwork, selectEnabledBySymbol } from './queries.ts';

export type ResolvedCurrency = { row: CurrencyRow; network: TNetworkInfo };

/** Network facts for a network id: the catalogue's, or an 'other' family entry for an admin-added network. */
export function networkInfo(id: string): TNetworkInfo {
  return (
    getNetwork(id) ?? {
      ...NETWORKS.other,
      id: 'other',
      name: id,
    }
  );
}

/**
 * The enabled supported_cryptocurrencies row for a coin (code or full name) and an optional network (id or
 * alias). Messages of the spec: a coin on several networks needs one ('Please select a network for USDT'), except
 * a coin the spec offers on one network only: ETH without a network is ETH on ethereum (its layer-2 networks,
 * arbitrum and optimism, are named), BTC is bitcoin.
 */
export async function resolveCurrency({
  db,
  currency,
  network,
}: {
  db: Db;
  currency: string;
  network?: string | null;
}): Promise<ResolvedCurrency> {
  const symbol = normalizeCoinSymbol(currency);
  // The enabled rows of the symbol, from the process's read cache outside a transaction (db/read-caches.ts): an
  // admin's change reaches every process at its commit. A payment's insert re-reads its row locked (decision 020).
  const cache = readCachesOf(db)?.cache<CurrencyRow[]>('cryptocurrencies');
  const rows = cache
    ? await cache.get(symbol, () => selectEnabledBySymbol(db, symbol))
    : await selectEnabledBySymbol(db, symbol);
  // A coin an admin disabled is refused as such (decision 020), not as unknown.
  const disabledId = network
    ? (normalizeNetworkId(network) ?? network.trim().toLowerCase())
    : (PAYMENT_LINK_CRYPTOS[symbol]?.[0] ?? null);
  if (disabledId && !rows.some((r) => r.network === disabledId)) {
    const disabled = await selectBySymbolNetwork(db, symbol, disabledId);
    if (disabled && !disabled.enabled && (network || rows.length === 0)) {
      const message = T.cryptoDisabled(symbol, networkInfo(disabledId).name);
      throw new AppError('VALIDATION_ERROR', {
        message,
        details: { fields: { [network ? 'network' : 'currency']: message } },
      });
    }
  }
  if (rows.length === 0) {
    throw new AppError('VALIDATION_ERROR', {
      message: T.currencyUnsupported(currency.trim()),
      details: { fields: { currency: T.currencyUnsupported(currency.trim()) } },
    });
  }
  let row: CurrencyRow | undefined;
  if (network) {
    const id = normalizeNetworkId(network) ?? network.trim().toLowerCase();
    row = rows.find((r) => r.network === id);
    if (!row) {
      const message = T.networkUnsupported(symbol, network.trim());
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
    }
  } else if (rows.length === 1) {
    row = rows[0]!;
  } else if (PAYMENT_LINK_CRYPTOS[symbol]?.length === 1) {
    row = rows.find((r) => r.network === PAYMENT_LINK_CRYPTOS[symbol]![0]);
  }
  if (!row) {
    const message = T.selectNetwork(symbol);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { network: message } } });
  }
  return { row, network: networkInfo(row.network) };
}
