import type { TPaymentLinkState } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import type { AuditEntry } from '#app/modules/audit/record-audit.ts';
import type { AddressSources } from './address-sources.ts';
import type { PaymentLifecycle } from './payment-lifecycle.ts';
import type { PriceLockSettings } from './price-lock.ts';
import type { PaymentRecord } from './queries.ts';

/** What a lapsed link attempt's re-price needs of its payment link (modules/payment-links, via the root). */
export type PaymentLinkTerms = {
  status: TPaymentLinkState['status'];
  expiresAt: Date | null;
  /** The link's amount in base units, when set in crypto, and its decimals. */
  amount: string;
  decimals: number;
};

/** A new payment's risk, assessed before its insert (NewPaymentRiskAssessor). */
export type NewPaymentRisk = {
  score: number;
  flags: readonly string[];
  /** The audit row of a first scoring that flags something (payment.risk_assessed), written with the payment. */
  audit: AuditEntry | null;
  /** A system alert to raise in the payment's transaction (a high score), or null. */
  alert: ((ctx: { db: Db; now: Date }) => Promise<void>) | null;
};

/**
 * Scores a payment about to be inserted (modules/risk, given by the root): reads only, one statement. The payment is
 * the row as it will be inserted; the figures that count it count it although it is not in the table yet.
 */
export type NewPaymentRiskAssessor = (ctx: { db: Db; payment: PaymentRecord }) => Promise<NewPaymentRisk>;

/**
 * What the payments module is built with, by the composition root (server.ts), and passed to every service
 * function that may price, allocate or change a payment (decorated as `app.payments` for the route plugins):
 * - addressSources: the receiving address source per mode and network (test network, merchants' wallets);
 * - lifecycle: what other modules do when a payment's status changes (payment-lifecycle.ts);
 * - priceLock: how long a price is held and how fresh a rate must be to price again;
 * - linkTerms: the payment link of a lapsed attempt, read in the payment's transaction;
 * - newPaymentRisk: the risk score a new payment is inserted with (absent: the column's default, unscored).
 */
export type PaymentDeps = {
  addressSources: AddressSources;
  lifecycle: PaymentLifecycle;
  priceLock: PriceLockSettings;
  linkTerms: (db: Db, linkId: string) => Promise<PaymentLinkTerms | undefined>;
  newPaymentRisk?: NewPaymentRiskAssessor;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module's dependencies (payment-deps.ts), given by the composition root. */
    payments: PaymentDeps;
  }
}
