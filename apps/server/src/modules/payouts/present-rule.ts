import type { TPayoutRule } from '@coinlane/core/api/payouts';
import { getNetwork } from '@coinlane/core/currencies';
import type { RuleWithWallet } from './queries.ts';

/** A rule as the API and the Rules tab show it, with its wallet's label and (display) address. */
export function presentRule(row: RuleWithWallet): TPayoutRule {
  return {
    id: row.id,
    fromCurrency: row.from_currency,
    fromNetwork: row.from_network,
    toCurrency: row.to_currency,
    walletId: row.wallet_id,
    wallet: {
      label: row.wallet_label,
      currency: row.wallet_currency,
      network: row.wallet_network,
      address: row.wallet_address,
    },
    minAmount: row.min_amount,
    enabled: row.enabled,
    conversion: getNetwork(row.from_network)?.family === 'evm' ? 'swap' : 'shift',
    swapRoute: row.swap_route,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
