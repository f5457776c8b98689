import type { TPayoutRule, TUpdatePayoutRuleRequest } from '@coinlane/core/api/payouts';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentRule } from './present-rule.ts';
import { selectOwnRule, selectOwnWalletRow, selectPayoutSettings, selectRuleWithWallet } from './queries.ts';
import { assertNoOtherEnabledRule, rethrowRuleRace } from './rule-conflict.ts';

/**
 * The Active/Disabled toggle and the minimum amount of a rule (PUT /payouts/rules/{id}). Enabling checks again
 * that its wallet is still there and whitelisted (a disabled rule's wallet may have been deleted) and that no other
 * rule of the coin and network is enabled (409 naming it). Payments already created keep the rule as it was.
 */
export async function updatePayoutRule({
  db,
  userId,
  id,
  changes,
  ip,
}: {
  db: Db;
  userId: string;
  id: string;
  changes: TUpdatePayoutRuleRequest;
  ip: string | null;
}): Promise<TPayoutRule> {
  // the rule's (coin, network), once read: what a lost race on the unique index is reported against
  const seen: { key?: { userId: string; fromCurrency: string; fromNetwork: string; exceptId: string } } = {};
  try {
    await db.transaction().execute(async (trx) => {
      await selectPayoutSettings(trx, userId, { forUpdate: true });
      const rule = await selectOwnRule(trx, { id, userId, forUpdate: true });
      if (!rule) throw new AppError('NOT_FOUND', { message: T.payoutRuleNotFound });
      const key = { userId, fromCurrency: rule.from_currency, fromNetwork: rule.from_network, exceptId: id };
      seen.key = key;
      const enabling = changes.enabled === true && !rule.enabled;
      if (enabling) {
        const wallet = await selectOwnWalletRow(trx, { id: rule.wallet_id, userId, forUpdate: true });
        if (!wallet?.verified) throw new AppError('INVALID_STATE', { message: T.payoutRuleWalletGone });
        await assertNoOtherEnabledRule(trx, key);
      }
      const set = {
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        ...(changes.minAmount !== undefined ? { min_amount: changes.minAmount } : {}),
      };
      const after = await trx
        .updateTable('payout_rules')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit({
        db: trx,
        actorId: userId,
        actorType: 'user',
        action: 'payout_rule.updated',
        entityType: 'payout_rule',
        entityId: id,
        before: { enabled: rule.enabled, minAmount: rule.min_amount },
        after: { enabled: after.enabled, minAmount: after.min_amount },
        ip,
      });
    });
  } catch (err) {
    if (seen.key) await rethrowRuleRace(db, err, seen.key);
    throw err;
  }
  return presentRule((await selectRuleWithWallet(db, id))!);
}
