import type { TPayoutSettings, TUpdatePayoutSettingsRequest } from '@coinlane/core/api/payouts';
import type { Updateable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { UserSettingsTable } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentPayoutSettings } from './get-payout-settings.ts';
import { selectPayoutSettings } from './queries.ts';

/**
 * Changes any of the three (PUT /payouts/settings), with an audit row of before and after. The same columns as
 * the two of PUT /settings (user_settings), so both routes show the same switch.
 */
export async function updatePayoutSettings({
  db,
  userId,
  changes,
  ip,
}: {
  db: Db;
  userId: string;
  changes: TUpdatePayoutSettingsRequest;
  ip: string | null;
}): Promise<TPayoutSettings> {
  const set: Updateable<UserSettingsTable> = {};
  if (changes.autoConversionEnabled !== undefined)
    set.auto_conversion_enabled = changes.autoConversionEnabled;
  if (changes.conversionCurrency !== undefined) set.conversion_currency = changes.conversionCurrency;
  if (changes.maxSlippageBps !== undefined) set.max_slippage_bps = changes.maxSlippageBps;
  return db.transaction().execute(async (trx) => {
    const before = presentPayoutSettings(await selectPayoutSettings(trx, userId, { forUpdate: true }));
    if (Object.keys(set).length === 0) return before;
    await trx
      .insertInto('user_settings')
      .values({ ...set, user_id: userId })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: new Date() }))
      .execute();
    const after = presentPayoutSettings(await selectPayoutSettings(trx, userId));
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'payout_settings.updated',
      entityType: 'user_settings',
      entityId: userId,
      before,
      after,
      ip,
    });
    return after;
  });
}
