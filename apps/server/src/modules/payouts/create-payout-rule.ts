import {
  PAYOUT_RULES_MAX,
  type TCreatePayoutRuleRequest,
  type TPayoutRule,
} from '@coinlane/core/api/payouts';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentRule } from './present-rule.ts';
import { countOwnRules, selectOwnWalletRow, selectPayoutSettings, selectRuleWithWallet } from './queries.ts';
import { checkRuleWallet, resolveRuleConversion } from './resolve-rule-conversion.ts';
import { assertNoOtherEnabledRule, rethrowRuleRace } from './rule-conflict.ts';
import type { SwapRouteFinder } from './swap-route-finder.ts';

/**
 * Adds a rule, enabled (merchant spec 4: "created enabled"): checked in full first (resolveRuleConversion, which
 * may ask the chain for a swap route), then inserted in one transaction that locks the merchant's settings row (one
 * rule change at a time per merchant) and the wallet (not deleted meanwhile), refuses a second enabled rule of the
 * same coin and network (409 naming it; the unique index payout_rules_one_enabled_key is the backstop) and writes
 * the audit row. Nothing is stored on a refusal.
 */
export async function createPayoutRule({
  db,
  config,
  finder,
  userId,
  input,
  ip,
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  finder: SwapRouteFinder;
  userId: string;
  input: TCreatePayoutRuleRequest;
  ip: string | null;
}): Promise<TPayoutRule> {
  const resolved = await resolveRuleConversion({ db, config, finder, userId, input });
  const key = { userId, fromCurrency: resolved.fromCurrency, fromNetwork: resolved.fromNetwork };
  const id = randomId('prl');
  try {
    await db.transaction().execute(async (trx) => {
      await selectPayoutSettings(trx, userId, { forUpdate: true });
      if ((await countOwnRules(trx, userId)) >= PAYOUT_RULES_MAX) {
        throw new AppError('CONFLICT', { message: T.payoutRulesTooMany(PAYOUT_RULES_MAX) });
      }
      checkRuleWallet(await selectOwnWalletRow(trx, { id: resolved.wallet.id, userId, forUpdate: true }), {
        toCurrency: resolved.toCurrency,
        network: resolved.fromNetwork,
      });
      await assertNoOtherEnabledRule(trx, key);
      const now = new Date();
      await trx
        .insertInto('payout_rules')
        .values({
          id,
          user_id: userId,
          from_currency: resolved.fromCurrency,
          from_network: resolved.fromNetwork,
          to_currency: resolved.toCurrency,
          wallet_id: resolved.wallet.id,
          min_amount: input.minAmount,
          enabled: true,
          swap_route: resolved.swapRoute ? JSON.stringify(resolved.swapRoute) : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit({
        db: trx,
        actorId: userId,
        actorType: 'user',
        action: 'payout_rule.created',
        entityType: 'payout_rule',
        entityId: id,
        after: {
          fromCurrency: resolved.fromCurrency,
          fromNetwork: resolved.fromNetwork,
          toCurrency: resolved.toCurrency,
          walletId: resolved.wallet.id,
          minAmount: input.minAmount,
          conversion: resolved.method,
          swapRoute: resolved.swapRoute,
        },
        ip,
      });
    });
  } catch (err) {
    await rethrowRuleRace(db, err, key);
  }
  return presentRule((await selectRuleWithWallet(db, id))!);
}
