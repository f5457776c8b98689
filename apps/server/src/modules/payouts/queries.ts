import { CONVERSION_CURRENCIES, USER_SETTINGS_DEFAULTS } from '@coinlane/core/options';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PayoutRulesTable, WalletsTable } from '#app/db/schema.ts';

export type RuleRow = Selectable<PayoutRulesTable>;
export type RuleWithWallet = RuleRow & {
  wallet_label: string;
  wallet_currency: string;
  wallet_network: string;
  wallet_address: string;
};

const ruleWithWallet = (db: Db) =>
  db
    .selectFrom('payout_rules as r')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .selectAll('r')
    .select([
      'w.label as wallet_label',
      'w.currency as wallet_currency',
      'w.network as wallet_network',
      'w.address_display as wallet_address',
    ]);

/** The merchant's rules that are not deleted, newest first, with their wallet's label and address. */
export const selectOwnRules = (db: Db, userId: string): Promise<RuleWithWallet[]> =>
  ruleWithWallet(db)
    .where('r.user_id', '=', userId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();

export const selectRuleWithWallet = (db: Db, id: string): Promise<RuleWithWallet | undefined> =>
  ruleWithWallet(db).where('r.id', '=', id).executeTakeFirst();

/** A merchant's rule that is not deleted (another merchant's id: undefined), locked when asked. */
export async function selectOwnRule(
  db: Db,
  { id, userId, forUpdate = false }: { id: string; userId: string; forUpdate?: boolean },
): Promise<RuleRow | undefined> {
  let q = db
    .selectFrom('payout_rules')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The enabled rule of (merchant, from currency, from network) other than `exceptId`, if any. */
export const selectEnabledRule = (
  db: Db,
  {
    userId,
    fromCurrency,
    fromNetwork,
    exceptId,
  }: { userId: string; fromCurrency: string; fromNetwork: string; exceptId?: string },
) => {
  let q = db
    .selectFrom('payout_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('from_currency', '=', fromCurrency)
    .where('from_network', '=', fromNetwork)
    .where('enabled', '=', true)
    .where('deleted_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
};

export async function countOwnRules(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('payout_rules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A merchant's wallet that is not deleted (the rule's wallet candidates), locked when asked. */
export async function selectOwnWalletRow(
  db: Db,
  { id, userId, forUpdate = false }: { id: string; userId: string; forUpdate?: boolean },
): Promise<Selectable<WalletsTable> | undefined> {
  let q = db
    .selectFrom('wallets')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export type PayoutSettingsRow = {
  auto_conversion_enabled: boolean;
  conversion_currency: (typeof CONVERSION_CURRENCIES)[number];
  max_slippage_bps: number;
};

/** The merchant's three Auto Conversion settings (the defaults when no settings row exists yet). */
export async function selectPayoutSettings(
  db: Db,
  userId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<PayoutSettingsRow> {
  let q = db
    .selectFrom('user_settings')
    .select(['auto_conversion_enabled', 'conversion_currency', 'max_slippage_bps'])
    .where('user_id', '=', userId);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  const currency = (CONVERSION_CURRENCIES as readonly string[]).includes(row?.conversion_currency ?? '')
    ? (row!.conversion_currency as PayoutSettingsRow['conversion_currency'])
    : USER_SETTINGS_DEFAULTS.conversionCurrency;
  return {
    auto_conversion_enabled: row?.auto_conversion_enabled ?? USER_SETTINGS_DEFAULTS.autoConversionEnabled,
    conversion_currency: currency,
    max_slippage_bps: row?.max_slippage_bps ?? 100,
  };
}
