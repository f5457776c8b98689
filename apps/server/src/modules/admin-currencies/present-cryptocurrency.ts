import type { TCryptocurrency } from '@coinlane/core/api/admin-cryptocurrencies';
import { getCryptoCurrency } from '@coinlane/core/currencies';
import type { Config } from '#app/config.ts';
import { isLiveCurrency } from '#app/lib/is-live-network.ts';
import type { CurrencyRow } from '#app/modules/currencies/manage-catalogue.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { plainDecimal } from '#app/modules/fees/fee-structures.ts';

/** A supported_cryptocurrencies row as the back-office shows it. */
export function presentCryptocurrency(
  row: CurrencyRow,
  config: Pick<Config, 'configuredChains'>,
): TCryptocurrency {
  const net = networkInfo(row.network);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    network: row.network,
    networkName: net.name,
    family: net.family,
    decimals: row.decimals,
    contractAddress: row.contract_address,
    iconUrl: row.icon_url,
    minAmount: plainDecimal(row.min_amount),
    maxAmount: plainDecimal(row.max_amount),
    feePercentage: row.fee_percentage === null ? null : plainDecimal(row.fee_percentage),
    requiredConfirmations: row.required_confirmations,
    enabled: row.enabled,
    live: isLiveCurrency({
      symbol: row.symbol,
      network: row.network,
      native: getCryptoCurrency(row.symbol, row.network)?.native ?? row.contract_address === null,
      contractAddress: row.contract_address,
      config,
    }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What an audit row keeps of a cryptocurrency (its stored fields). */
export const auditFields = (row: CurrencyRow) => ({
  symbol: row.symbol,
  name: row.name,
  network: row.network,
  decimals: row.decimals,
  contract_address: row.contract_address,
  icon_url: row.icon_url,
  min_amount: plainDecimal(row.min_amount),
  max_amount: plainDecimal(row.max_amount),
  fee_percentage: row.fee_percentage === null ? null : plainDecimal(row.fee_percentage),
  required_confirmations: row.required_confirmations,
  enabled: row.enabled,
});
