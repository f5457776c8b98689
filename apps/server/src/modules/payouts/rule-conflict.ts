import { NETWORKS, normalizeNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { type RuleRow, selectEnabledRule } from './queries.ts';

/** The partial unique index that keeps one enabled rule per (merchant, from currency, from network). */
export const ONE_ENABLED_RULE_KEY = 'payout_rules_one_enabled_key';

/** 409 naming the enabled rule that already converts this coin on this network. */
export function ruleConflict(existing: RuleRow): AppError {
  const id = normalizeNetworkId(existing.from_network);
  const network = id ? NETWORKS[id].name : existing.from_network;
  return new AppError('CONFLICT', {
    message: T.payoutRuleExists(existing.from_currency, network, existing.to_currency, existing.id),
    details: { ruleId: existing.id },
  });
}

/** Refuses (409) when another enabled rule covers (merchant, from currency, from network). */
export async function assertNoOtherEnabledRule(
  db: Db,
  key: { userId: string; fromCurrency: string; fromNetwork: string; exceptId?: string },
): Promise<void> {
  const existing = await selectEnabledRule(db, key);
  if (existing) throw ruleConflict(existing);
}

/**
 * A concurrent request won the race for the unique index (both passed the check above): the same 409, naming
 * the winner. Any other error is thrown as it is.
 */
export async function rethrowRuleRace(
  db: Db,
  err: unknown,
  key: { userId: string; fromCurrency: string; fromNetwork: string; exceptId?: string },
): Promise<never> {
  const e = err as { code?: unknown; constraint?: unknown };
  if (e?.code === '23505' && e.constraint === ONE_ENABLED_RULE_KEY) {
    const existing = await selectEnabledRule(db, key);
    if (existing) throw ruleConflict(existing);
    throw new AppError('CONFLICT', { message: T.concurrentDuplicate });
  }
  throw err;
}
