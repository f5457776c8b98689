import type { TPayoutSettings } from '@coinlane/core/api/payouts';
import type { Db } from '#app/db/connection.ts';
import { type PayoutSettingsRow, selectPayoutSettings } from './queries.ts';

export const presentPayoutSettings = (row: PayoutSettingsRow): TPayoutSettings => ({
  autoConversionEnabled: row.auto_conversion_enabled,
  conversionCurrency: row.conversion_currency,
  maxSlippageBps: row.max_slippage_bps,
});

/** The Auto Conversion switch, its target currency and the maximum slippage (GET /payouts/settings). */
export async function getPayoutSettings({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TPayoutSettings> {
  return presentPayoutSettings(await selectPayoutSettings(db, userId));
}
