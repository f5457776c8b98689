import { normalizeNetworkId } from '@coinlane/core/currencies';
import { decimalProblem } from '@coinlane/core/money';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PayoutRulesTable, WalletsTable } from '#app/db/schema.ts';

export type PayoutRuleRow = Selectable<PayoutRulesTable>;
export type PayoutWalletRow = Selectable<WalletsTable>;

/**
 * The rule a new payment is created under, with what the caller fixes into the payment (payments.payout_rule_id,
 * payments.conversion): the rule's wallet (a whitelisted single address of the To currency; its address is sealed,
 * open it with wallets/wallet-secret.ts openWalletAddress) and the merchant's maximum slippage now.
 */
export type ApplicableRule = {
  rule: PayoutRuleRow;
  wallet: PayoutWalletRow;
  maxSlippageBps: number;
};

/**
 * The payout rule that applies to a payment of `amount` (a decimal string in the coin, e.g. '0.05') in `currency`
 * on `network` for merchant `userId`: the merchant's Auto Conversion switch is on, the rule of (currency, network) is
 * enabled and not deleted, its wallet still whitelisted and not deleted, and amount >= its min_amount. Else null.
 *
 * One query (user_settings joined to payout_rules, at most one enabled rule per (merchant, currency, network) by the
 * partial unique index payout_rules_one_enabled_key, joined to wallets). Callers decide when to ask: only for live
 * payments (test payments never leave the test network). Call it in the payment's creation transaction when given one.
 * An amount that is not a plain non-negative decimal is a programming error (thrown), never compared.
 */
export async function findApplicableRule(
  db: Db,
  {
    userId,
    currency,
    network,
    amount,
  }: {
    userId: string;
    currency: string;
    network: string;
    /** The payment's amount; null: any amount (is there a rule at all, whatever its minimum). */
    amount: string | null;
  },
): Promise<ApplicableRule | null> {
  if (amount !== null && decimalProblem(amount) !== null) {
    throw new Error(`findApplicableRule: not a decimal amount: ${amount}`);
  }
  const networkId = normalizeNetworkId(network) ?? network;
  const row = await db
    .selectFrom('payout_rules as r')
    .innerJoin('user_settings as s', 's.user_id', 'r.user_id')
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .selectAll('r')
    .select([
      's.max_slippage_bps as s_max_slippage_bps',
      'w.id as w_id',
      'w.user_id as w_user_id',
      'w.currency as w_currency',
      'w.network as w_network',
      'w.chain_mode as w_chain_mode',
      'w.kind as w_kind',
      'w.address_sealed as w_address_sealed',
      'w.address_hash as w_address_hash',
      'w.address_display as w_address_display',
      'w.script_type as w_script_type',
      'w.label as w_label',
      'w.is_default as w_is_default',
      'w.verified as w_verified',
      'w.verified_at as w_verified_at',
      'w.next_index as w_next_index',
      'w.code_hash as w_code_hash',
      'w.code_expires_at as w_code_expires_at',
      'w.code_wrong_attempts as w_code_wrong_attempts',
      'w.deleted_at as w_deleted_at',
      'w.created_at as w_created_at',
      'w.updated_at as w_updated_at',
      'w.receive_mode as w_receive_mode',
    ])
    .where('r.user_id', '=', userId)
    .where('r.from_currency', '=', currency)
    .where('r.from_network', '=', networkId)
    .where('r.enabled', '=', true)
    .where('r.deleted_at', 'is', null)
    .where('s.auto_conversion_enabled', '=', true)
    .where('w.user_id', '=', userId)
    .where('w.verified', '=', true)
    .where('w.deleted_at', 'is', null)
    .$if(amount !== null, (q) =>
      q.where((eb) => eb('r.min_amount', '<=', eb.cast<string>(eb.val(amount), 'numeric'))),
    )
    .executeTakeFirst();
  if (!row) return null;
  const rule: PayoutRuleRow = {
    id: row.id,
    user_id: row.user_id,
    from_currency: row.from_currency,
    from_network: row.from_network,
    to_currency: row.to_currency,
    wallet_id: row.wallet_id,
    min_amount: row.min_amount,
    enabled: row.enabled,
    swap_route: row.swap_route,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  const wallet: PayoutWalletRow = {
    id: row.w_id,
    user_id: row.w_user_id,
    currency: row.w_currency,
    network: row.w_network,
    chain_mode: row.w_chain_mode,
    kind: row.w_kind,
    address_sealed: row.w_address_sealed,
    address_hash: row.w_address_hash,
    address_display: row.w_address_display,
    script_type: row.w_script_type,
    label: row.w_label,
    is_default: row.w_is_default,
    verified: row.w_verified,
    verified_at: row.w_verified_at,
    next_index: row.w_next_index,
    code_hash: row.w_code_hash,
    code_expires_at: row.w_code_expires_at,
    code_wrong_attempts: row.w_code_wrong_attempts,
    deleted_at: row.w_deleted_at,
    created_at: row.w_created_at,
    updated_at: row.w_updated_at,
    receive_mode: row.w_receive_mode,
  };
  return { rule, wallet, maxSlippageBps: row.s_max_slippage_bps };
}
