import {
  bpsToPercent,
  MAX_SLIPPAGE_BPS_MAX,
  MAX_SLIPPAGE_BPS_MIN,
  percentToBps,
} from '@coinlane/core/api/payouts';

export { bpsToPercent };

/** The slippage field's text (a percentage, '.' or ',' as decimal sign) as basis points, or null when out of range. */
export function slippageBpsOf(text: string): number | null {
  const bps = percentToBps(text.trim().replace(',', '.'));
  return bps !== null && bps >= MAX_SLIPPAGE_BPS_MIN && bps <= MAX_SLIPPAGE_BPS_MAX ? bps : null;
}
