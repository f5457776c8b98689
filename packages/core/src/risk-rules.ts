/**
 * The risk rule set of a payment (issue 16; docs/decisions/021-risk-sanctions-and-approval.md): a score from 1 to
 * 10 and the fraud flags behind it, from facts the server gathers (scorePaymentRisk in apps/server's risk module).
 * Pure and deterministic: the same facts give the same score. Nothing here is random or learned.
 *
 * The score starts at 1 (5 when the payment's USD value is unknown: its amount cannot be judged), each flag adds
 * its points, and the sum is capped at 10. A payer address on the sanctions list makes it 10 whatever else.
 * Bands (admin spec 5): low 1-3, medium 4-6, high 7-10: one strong signal alone is medium, two are high.
 */

import { CASHADDR_PREFIXES, cashAddrToLegacy } from './families/utxo/cashaddr.ts';
import { CHAIN_MODES } from './families/wallet-input.ts';

/** A fraud flag: stored as text; screens show it with underscores as spaces. */
export const FRAUD_FLAGS = [
  'sanctioned_payer_address',
  'amount_far_above_merchant_history',
  'high_velocity_customer_email',
  'high_velocity_customer_ip',
  'many_unpaid_payments_from_ip',
  'new_merchant_volume_spike',
  'partial_payment',
  'overpayment',
  'late_payment',
] as const;
export type TFraudFlag = (typeof FRAUD_FLAGS)[number];

/** Points each flag adds to the score (the sanctions flag sets it to RISK_SCORE_SANCTIONED instead). */
export const FRAUD_FLAG_POINTS: Record<Exclude<TFraudFlag, 'sanctioned_payer_address'>, number> = {
  amount_far_above_merchant_history: 4,
  high_velocity_customer_email: 3,
  high_velocity_customer_ip: 3,
  many_unpaid_payments_from_ip: 3,
  new_merchant_volume_spike: 3,
  partial_payment: 1,
  overpayment: 1,
  late_payment: 2,
};

/** The thresholds of the rules. */
export const RISK_RULES = {
  /** Score of a payment with nothing flagged. */
  baseScore: 1,
  /** Score when the payment's USD value is unknown (the spec's default). */
  unknownScore: 5,
  maxScore: 10,
  sanctionedScore: 10,
  /** The merchant's own history: payments of the 30 days before, at least this many with a USD value... */
  historyDays: 30,
  historyMinPayments: 5,
  /** ...and this amount is more than `amountFactor` times their mean USD value. */
  amountFactor: 5,
  /** Payments with one customer e-mail, or from one IP, in the last hour (this one included). */
  velocityWindowMinutes: 60,
  velocityMaxPayments: 5,
  /** Payments from one IP in the last 24 hours that ended (failed, expired) with nothing received. */
  unpaidWindowHours: 24,
  unpaidMaxPayments: 3,
  /** A merchant account younger than this... */
  newMerchantDays: 30,
  /** ...whose USD created in the last 24 hours is at least this... */
  spikeMinUsd: 5000,
  /** ...and more than this many times its mean daily USD of the days before (0 without any). */
  spikeFactor: 5,
} as const;

export type TRiskFacts = {
  /** USD value of the amount due at the payment's locked rate; null when unknown. */
  amountUsd: number | null;
  /** The merchant's payments (same mode, this one left out) of the last `historyDays` with a USD value. */
  merchantHistory: { count: number; meanUsd: number | null };
  /** Payments with this payment's customer e-mail in the velocity window; null without an e-mail. */
  emailPaymentsInWindow: number | null;
  /** Payments from this payment's customer IP in the velocity window; null without a recorded IP. */
  ipPaymentsInWindow: number | null;
  /** Unpaid ended payments from this IP in the last 24 hours; null without a recorded IP. */
  ipUnpaidInWindow: number | null;
  /** The merchant account: age in days; USD of its payments created in the last 24 hours and its daily mean before. */
  merchant: { ageDays: number; usdLastDay: number; dailyMeanUsdBefore: number };
  /** The payment's exception (payment-status.ts). */
  exception: 'none' | 'paid_partial' | 'paid_over' | 'paid_late';
  /** Payer addresses found on the sanctions list (none: empty). */
  sanctionedPayers: readonly string[];
};

export type TRiskAssessment = { score: number; flags: TFraudFlag[] };

/** The flags the facts raise, in FRAUD_FLAGS order. */
export function fraudFlagsOf(f: TRiskFacts): TFraudFlag[] {
  const r = RISK_RULES;
  const raised = new Set<TFraudFlag>();
  if (f.sanctionedPayers.length > 0) raised.add('sanctioned_payer_address');
  if (
    f.amountUsd !== null &&
    f.merchantHistory.count >= r.historyMinPayments &&
    f.merchantHistory.meanUsd !== null &&
    f.merchantHistory.meanUsd > 0 &&
    f.amountUsd > f.merchantHistory.meanUsd * r.amountFactor
  ) {
    raised.add('amount_far_above_merchant_history');
  }
  if ((f.emailPaymentsInWindow ?? 0) >= r.velocityMaxPayments) raised.add('high_velocity_customer_email');
  if ((f.ipPaymentsInWindow ?? 0) >= r.velocityMaxPayments) raised.add('high_velocity_customer_ip');
  if ((f.ipUnpaidInWindow ?? 0) >= r.unpaidMaxPayments) raised.add('many_unpaid_payments_from_ip');
  if (
    f.merchant.ageDays < r.newMerchantDays &&
    f.merchant.usdLastDay >= r.spikeMinUsd &&
    f.merchant.usdLastDay > f.merchant.dailyMeanUsdBefore * r.spikeFactor
  ) {
    raised.add('new_merchant_volume_spike');
  }
  if (f.exception === 'paid_partial') raised.add('partial_payment');
  if (f.exception === 'paid_over') raised.add('overpayment');
  if (f.exception === 'paid_late') raised.add('late_payment');
  return FRAUD_FLAGS.filter((flag) => raised.has(flag));
}

/** The payment's risk: its score 1-10 and its flags. */
export function assessPaymentRisk(f: TRiskFacts): TRiskAssessment {
  const r = RISK_RULES;
  const flags = fraudFlagsOf(f);
  if (flags.includes('sanctioned_payer_address')) return { score: r.sanctionedScore, flags };
  let score: number = f.amountUsd === null ? r.unknownScore : r.baseScore;
  for (const flag of flags) score += FRAUD_FLAG_POINTS[flag as keyof typeof FRAUD_FLAG_POINTS];
  return { score: Math.min(r.maxScore, Math.max(1, score)), flags };
}

/** A flag as the screens show it: underscores as spaces. */
export const fraudFlagLabel = (flag: string) => flag.replaceAll('_', ' ');

/**
 * The form an address is compared in against the sanctions list: hexadecimal EVM addresses and bech32 addresses
 * (case-insensitive by their encoding) in lower case; base58 addresses (case-sensitive) as written; a Bitcoin Cash
 * CashAddr (with its prefix, as Coinlane and Bitcoin Cash Node write it, or without, as the OFAC list may) as its
 * legacy form, so that one address written either way is one key (bchtest and bchreg both give the testnet form).
 */
export function sanctionsKey(address: string): string {
  const a = address.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase();
  const legacy = cashAddrLegacy(a);
  if (legacy) return legacy;
  if (
    /^[a-zA-Z]{1,83}1[02-9ac-hj-np-zAC-HJ-NP-Z]{6,}$/.test(a) &&
    (a === a.toLowerCase() || a === a.toUpperCase())
  ) {
    return a.toLowerCase();
  }
  return a;
}

/** The legacy form of a checksum-valid CashAddr (a bare q.../p... body is read as mainnet); else null. */
function cashAddrLegacy(address: string): string | null {
  const sep = address.indexOf(':');
  const prefix = sep >= 0 ? address.slice(0, sep).toLowerCase() : CASHADDR_PREFIXES.mainnet;
  const mode = CHAIN_MODES.find((m) => CASHADDR_PREFIXES[m] === prefix);
  if (!mode || !/^[qp][02-9ac-hj-np-z]{41}$/i.test(address.slice(sep + 1))) return null;
  return cashAddrToLegacy(address, mode);
}
