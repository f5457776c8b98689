import type { TCreatePaymentRequest } from '@coinlane/core/api/payments';
import { MAX_PAYMENT_EXPIRY_DAYS } from '@coinlane/core/api/payments';
import { parseChainDetails } from '@coinlane/core/chain-details';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { transitionPayment } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { countryOfIp } from '#app/lib/ip-country.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { coinChangedError } from '#app/modules/currencies/coin-changed-error.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentActor } from './actor.ts';
import { paymentSnapshot } from './apply-payment-event.ts';
import { assertDailyPaymentLimit } from './assert-daily-limit.ts';
import { presentDetails } from './chain-details.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { runPaymentLifecycle } from './payment-lifecycle.ts';
import { fiatInput, type PreparedPayment, preparePayment } from './prepare-payment.ts';
import { paymentState, presentPayment, rememberCreatedPresentation } from './present-payment.ts';
import type { PaymentRow } from './queries.ts';
import { isCoinChanged, writeNewPayment } from './write-new-payment.ts';

/** A payment's risk score until it is scored (the column's default, migration 0025). */
const DEFAULT_RISK_SCORE = 5;

const DAY = 24 * 3600_000;

export type NewPaymentFields = {
  /** The payment's id when the caller chose it before (an exchange's shift names it); otherwise a new one. */
  id?: string;
  userId: string;
  mode: TMode;
  prepared: PreparedPayment;
  expiresAt: Date;
  description: string | null;
  customerEmail: string | null;
  metadata: Record<string, unknown>;
  paymentLinkId: string | null;
  attempt: number;
  /** The link's previous attempt (see AddressRequest.previousAttemptId). */
  previousAttemptId?: string;
  /** The link's return URL (a link's attempt): part of the payment as the API and the webhooks present it. */
  returnUrl?: string | null;
  /**
   * The customer's IP and its country: the hosted page's caller, or the IP an API caller gave (customerIp).
   * Absent: nothing recorded (decision 021).
   */
  customerOrigin?: { ip: string; country: string } | null;
  /**
   * The payout rule the payment is created under when its address source made no conversion of it (a
   * Bitcoin-family payment under a rule while no exchange is configured: decision 024). A source that converts
   * (an EVM swapping deposit address, an exchange's shift) gives its own rule and conversion (AllocatedAddress).
   */
  payoutRuleId?: string | null;
};

/**
 * Inserts a prepared payment with its own address and announces it (payment.created), with its audit row, its risk
 * score (PaymentDeps.newPaymentRisk, read before the insert) and its live update: writeNewPayment, one statement.
 *
 * The hot path (decision 029): a test payment given by the caller outside a transaction, with an address that needs
 * no database (the test network), nothing flagged high, no payment.created handler: two round trips in all, the risk
 * read and that statement, and no BEGIN/COMMIT. Otherwise (a caller's transaction, a live payment's daily limit, an
 * address from a merchant's wallet, an alert to raise) the same statement runs in a transaction with the rest.
 */
export async function insertPayment({
  deps,
  db,
  fields,
  actor,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  fields: NewPaymentFields;
  actor: PaymentActor;
  now: Date;
}): Promise<PaymentRow> {
  const { prepared: p } = fields;
  const priced = p.currency.row;
  const id = fields.id ?? randomId('pay');

  /** The row as it will be, every column (the database's defaults are not relied on), and its risk. */
  const build = async (q: Db) => {
    // Decision 020: the merchant's daily limit of live payments, held until the transaction commits.
    await assertDailyPaymentLimit({ db: q, userId: fields.userId, mode: fields.mode, now });
    const allocated = await p.addressSource.allocate({
      db: q,
      userId: fields.userId,
      mode: fields.mode,
      paymentId: id,
      currency: priced,
      amount: p.units,
      now,
      ...(fields.previousAttemptId ? { previousAttemptId: fields.previousAttemptId } : {}),
    });
    const net = networkInfo(priced.network);
    // checked here, so a source cannot store details its family's readers would refuse
    const chainDetails = parseChainDetails(net.family, allocated.chainDetails ?? {});
    const row: PaymentRow = {
      id,
      user_id: fields.userId,
      mode: fields.mode,
      payment_link_id: fields.paymentLinkId,
      attempt: fields.attempt,
      status: 'pending',
      exception: 'none',
      failure_reason: null,
      currency: priced.symbol,
      network: priced.network,
      decimals: priced.decimals,
      contract_address:
        allocated.contractAddress !== undefined ? allocated.contractAddress : priced.contract_address,
      amount: (allocated.amount ?? p.units).toString(),
      amount_received: '0',
      amount_confirmed: '0',
      amount_late: '0',
      amount_refunded: '0',
      confirmations: 0,
      required_confirmations: priced.required_confirmations,
      tx_hash: null,
      address: allocated.address,
      fiat_amount: p.fiat?.amount ?? null,
      fiat_currency: p.fiat?.currency ?? null,
      usd_amount: p.usdAmount,
      locked_crypto_rate: p.pricing?.cryptoRateText ?? null,
      locked_fiat_rate: p.pricing?.fiatRateText ?? null,
      rate_source: p.pricing?.source ?? null,
      rate_locked_at: p.pricing ? now : null,
      description: fields.description,
      customer_email: fields.customerEmail,
      metadata: fields.metadata,
      expires_at: fields.expiresAt,
      confirmed_at: null,
      created_at: now,
      updated_at: now,
      wallet_id: allocated.walletId ?? null,
      derivation_index: allocated.derivationIndex ?? null,
      expiry_height: null,
      chain_details: chainDetails,
      shared_address: allocated.sharedAddress ?? false,
      customer_ip: fields.customerOrigin?.ip ?? null,
      // the source's (an EVM swapping deposit address, an exchange's shift), else the caller's (a rule that could
      // not convert: decision 024)
      payout_rule_id: allocated.payoutRuleId ?? fields.payoutRuleId ?? null,
      conversion: allocated.conversion ?? null,
      customer_country: fields.customerOrigin?.country ?? null,
      risk_score: DEFAULT_RISK_SCORE,
      fraud_flags: [],
      risk_scored_at: null,
      approved_at: null,
      approved_by: null,
      approval_reason: null,
      flushed_at: null,
      flush_tx: null,
      return_url: fields.returnUrl ?? null,
    };
    const risk = deps.newPaymentRisk ? await deps.newPaymentRisk({ db: q, payment: row }) : null;
    if (risk) {
      row.risk_score = risk.score;
      row.fraud_flags = [...risk.flags];
      row.risk_scored_at = now;
    }
    // a forwarder deposit address: the flush job's bookkeeping of the payment (forwarders, decision 010)
    const forwarder = presentDetails(net, chainDetails).forwarder !== null;
    return { row, risk, forwarder };
  };

  const write = async (q: Db, { row, risk, forwarder }: Awaited<ReturnType<typeof build>>) => {
    const state = paymentState(row);
    const { emit } = transitionPayment(state, { type: 'created' });
    const payload = presentPayment(row);
    try {
      await writeNewPayment({
        db: q,
        row,
        priced,
        eventType: emit[0] ?? 'payment.created',
        payload,
        audit: {
          actorId: actor.id,
          actorType: actor.type,
          action: 'payment.created',
          entityType: 'payment',
          entityId: id,
          mode: row.mode,
          before: null,
          after: paymentSnapshot(state),
          ip: actor.ip,
        },
        riskAudit: risk?.audit ?? null,
        forwarder,
      });
    } catch (err) {
      // The coin changed since it was priced (writeNewPayment's guard): the catalogue's refusal, nothing written.
      if (isCoinChanged(err)) throw coinChangedError(priced);
      throw err;
    }
    // the reply is this presentation unless a payment.created handler (none in the server) may still change the row
    if (!deps.lifecycle.handlers.get('payment.created')?.length) rememberCreatedPresentation(row, payload);
    if (risk?.alert) await risk.alert({ db: q, now });
    // What other modules do on payment.created, in this transaction (none is registered by the server).
    await runPaymentLifecycle(deps.lifecycle, emit, { db: q, payment: row, actor, now });
    return row;
  };

  if (db.isTransaction) return write(db, await build(db));
  if (fields.mode === 'live' || !p.addressSource.allocatesInMemory) {
    return db.transaction().execute(async (trx) => write(trx, await build(trx)));
  }
  const built = await build(db);
  const handlers = deps.lifecycle.handlers.get('payment.created') ?? [];
  if (built.risk?.alert || handlers.length > 0) {
    return db.transaction().execute((trx) => write(trx, built));
  }
  return write(db, built);
}

/**
 * POST /payments: a payment in the caller's mode, from a crypto amount or priced from a fiat amount (rate
 * locked for the rate lock, PAYMENT_WINDOW_MINUTES unless PAYMENT_RATE_LOCK_SECONDS says otherwise; a given
 * expiresAt can shorten, not lengthen, a priced payment's window). It expires when its window ends: only a payment
 * link's attempt is re-priced in place (settle-lapsed-payment.ts).
 */
export async function createPayment({
  deps,
  db,
  userId,
  mode,
  input,
  actor,
  maxAgeSeconds,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  input: TCreatePaymentRequest;
  actor: PaymentActor;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<PaymentRow> {
  assertOwnMerchantId(input.merchantId, userId);
  let requested: Date | null = null;
  if (input.expiresAt) {
    requested = new Date(input.expiresAt);
    if (requested.getTime() <= now.getTime()) {
      throw new AppError('VALIDATION_ERROR', {
        message: T.expiryInPast,
        details: { fields: { expiresAt: T.expiryInPast } },
      });
    }
    if (requested.getTime() > now.getTime() + MAX_PAYMENT_EXPIRY_DAYS * DAY) {
      const message = T.expiryTooFar(MAX_PAYMENT_EXPIRY_DAYS);
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { expiresAt: message } } });
    }
  }
  const prepared = await preparePayment({
    addressSources: deps.addressSources,
    db,
    userId,
    mode,
    currency: (input.currency ?? input.cryptocurrency)!,
    network: input.network,
    amount:
      input.amount !== undefined
        ? { kind: 'crypto', amount: input.amount }
        : fiatInput(input.fiatAmount!, (input.fiatCurrency ?? 'USD') as TFiatCode),
    maxAgeSeconds,
    now,
  });
  const window = new Date(now.getTime() + deps.priceLock.seconds * 1000);
  const expiresAt = prepared.pricing
    ? requested && requested < window
      ? requested
      : window
    : (requested ?? window);
  return insertPayment({
    deps,
    db,
    fields: {
      userId,
      mode,
      prepared,
      expiresAt,
      description: input.description ?? null,
      customerEmail: input.customerEmail ?? null,
      metadata: input.metadata ?? {},
      customerOrigin: input.customerIp
        ? { ip: input.customerIp, country: countryOfIp(input.customerIp) }
        : null,
      paymentLinkId: null,
      attempt: 1,
    },
    actor,
    now,
  });
}
