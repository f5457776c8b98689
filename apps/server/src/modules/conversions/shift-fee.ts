import { formatUnits, parseUnits } from '@coinlane/core/money';

/** The convert-to stablecoins worth one US dollar: the exchange's spread can be read against the payment's USD value. */
const USD_STABLECOINS = new Set(['USDT', 'USDC', 'DAI', 'FDUSD', 'USDe', 'PYUSD', 'TUSD', 'FRAX', 'USDD']);

const fractionDigits = (v: string) => v.split('.')[1]?.length ?? 0;

/**
 * What a settled shift cost the merchant (decision 024). The exchange's fixed rate includes every fee and reports
 * none apart, so the fee is derived where it can be: the payment's USD value at Coinlane's market rate when it was
 * created (payments.usd_amount) less what the merchant received, for a stablecoin worth a dollar; the spread in the
 * payout currency, never below zero. Elsewhere (EURC, or no USD value) no fee is derived: `fee` is null and the
 * details say so, with the exchange's rate.
 */
export function shiftFee({
  usdAmount,
  settleAmount,
  settleCurrency,
  rate,
  provider,
}: {
  usdAmount: string | null;
  settleAmount: string;
  settleCurrency: string;
  rate: string;
  provider: string;
}): { fee: string | null; feeCurrency: string | null; feeDetails: Record<string, unknown> } {
  const base = { provider, providerRate: rate, settleAmount };
  if (!usdAmount || !USD_STABLECOINS.has(settleCurrency)) {
    return {
      fee: null,
      feeCurrency: null,
      feeDetails: {
        ...base,
        method: 'provider_rate',
        note: 'the rate includes every fee; none is reported apart',
      },
    };
  }
  const places = Math.max(fractionDigits(usdAmount), fractionDigits(settleAmount));
  const spread = parseUnits(usdAmount, places) - parseUnits(settleAmount, places);
  return {
    fee: formatUnits(spread > 0n ? spread : 0n, places),
    feeCurrency: settleCurrency,
    feeDetails: { ...base, method: 'spread_vs_market', marketValueUsd: usdAmount },
  };
}
