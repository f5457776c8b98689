import type { TPayoutRuleList } from '@coinlane/core/api/payouts';
import type { Db } from '#app/db/connection.ts';
import { presentRule } from './present-rule.ts';
import { selectOwnRules } from './queries.ts';

/** The merchant's rules (account-wide, the same in test and live mode), newest first, deleted ones left out. */
export async function listPayoutRules({ db, userId }: { db: Db; userId: string }): Promise<TPayoutRuleList> {
  return { rules: (await selectOwnRules(db, userId)).map(presentRule) };
}
