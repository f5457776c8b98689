import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectOwnRule, selectPayoutSettings } from './queries.ts';

/**
 * Deletes a rule (DELETE /payouts/rules/{id}): marked deleted and disabled, the row kept, since payments and
 * history entries name the rule they were made under. New payments no longer follow it; payments under way do.
 */
export async function deletePayoutRule({
  db,
  userId,
  id,
  ip,
}: {
  db: Db;
  userId: string;
  id: string;
  ip: string | null;
}): Promise<{ id: string; deleted: true }> {
  await db.transaction().execute(async (trx) => {
    await selectPayoutSettings(trx, userId, { forUpdate: true });
    const rule = await selectOwnRule(trx, { id, userId, forUpdate: true });
    if (!rule) throw new AppError('NOT_FOUND', { message: T.payoutRuleNotFound });
    const now = new Date();
    await trx
      .updateTable('payout_rules')
      .set({ deleted_at: now, enabled: false, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'payout_rule.deleted',
      entityType: 'payout_rule',
      entityId: id,
      before: {
        fromCurrency: rule.from_currency,
        fromNetwork: rule.from_network,
        toCurrency: rule.to_currency,
        walletId: rule.wallet_id,
        minAmount: rule.min_amount,
        enabled: rule.enabled,
      },
      ip,
    });
  });
  return { id, deleted: true };
}
