import type { TCreatePaymentRequest } from '@coinlane/core/api/payments';
import { MAX_PAYMENT_EXPIRY_DAYS } from '@coinlane/core/api/payments';
import { parseChainDetails } from '@coinlane/core/chain-details';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { countryOfIp } from '#app/lib/ip-country.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { lockCurrencyForPayment } from '#app/modules/currencies/lock-currency-for-payment.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentActor } from './actor.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { assertDailyPaymentLimit } from './assert-daily-limit.ts';
import { presentDetails } from './chain-details.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { fiatInput, type PreparedPayment, preparePayment } from './prepare-payment.ts';
import type { PaymentRow } from './queries.ts';

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
 * Inserts a prepared payment with its own address and announces it (payment.created) through
 * applyPaymentEvent, all in the caller's transaction (or its own).
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
  const run = async (trx: Db) => {
    const { prepared: p } = fields;
    // Decision 020: the currency row still as priced (enabled, same decimals and contract), and the merchant's daily
    // limit of live payments, both held until this transaction commits.
    await lockCurrencyForPayment({ db: trx, row: p.currency.row });
    await assertDailyPaymentLimit({ db: trx, userId: fields.userId, mode: fields.mode, now });
    const id = fields.id ?? randomId('pay');
    const allocated = await p.addressSource.allocate({
      db: trx,
      userId: fields.userId,
      mode: fields.mode,
      paymentId: id,
      currency: p.currency.row,
      amount: p.units,
      now,
      ...(fields.previousAttemptId ? { previousAttemptId: fields.previousAttemptId } : {}),
    });
    const { address } = allocated;
    const net = networkInfo(p.currency.row.network);
    // checked here, so a source cannot store details its family's readers would refuse
    const chainDetails = parseChainDetails(net.family, allocated.chainDetails ?? {});
    await trx
      .insertInto('payments')
      .values({
        id,
        user_id: fields.userId,
        mode: fields.mode,
        payment_link_id: fields.paymentLinkId,
        attempt: fields.attempt,
        currency: p.currency.row.symbol,
        network: p.currency.row.network,
        decimals: p.currency.row.decimals,
        contract_address:
          allocated.contractAddress !== undefined
            ? allocated.contractAddress
            : p.currency.row.contract_address,
        amount: (allocated.amount ?? p.units).toString(),
        required_confirmations: p.currency.row.required_confirmations,
        address,
        wallet_id: allocated.walletId ?? null,
        derivation_index: allocated.derivationIndex ?? null,
        shared_address: allocated.sharedAddress ?? false,
        chain_details: JSON.stringify(chainDetails),
        fiat_amount: p.fiat?.amount ?? null,
        fiat_currency: p.fiat?.currency ?? null,
        usd_amount: p.usdAmount,
        locked_crypto_rate: p.pricing?.cryptoRateText ?? null,
        locked_fiat_rate: p.pricing?.fiatRateText ?? null,
        rate_source: p.pricing?.source ?? null,
        rate_locked_at: p.pricing ? now : null,
        description: fields.description,
        customer_email: fields.customerEmail,
        customer_ip: fields.customerOrigin?.ip ?? null,
        customer_country: fields.customerOrigin?.country ?? null,
        // the source's (an EVM swapping deposit address, an exchange's shift), else the caller's (a rule that could
        // not convert: decision 024)
        payout_rule_id: allocated.payoutRuleId ?? fields.payoutRuleId ?? null,
        conversion: allocated.conversion ? JSON.stringify(allocated.conversion) : null,
        metadata: JSON.stringify(fields.metadata),
        expires_at: fields.expiresAt,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (presentDetails(net, chainDetails).forwarder) {
      // a forwarder deposit address: the flush job's bookkeeping of the payment (forwarders, decision 010)
      await trx.insertInto('payment_flushes').values({ payment_id: id }).execute();
    }
    const { payment } = await applyPaymentEvent({
      deps,
      db: trx,
      paymentId: id,
      change: { type: 'created' },
      actor,
      now,
    });
    return payment;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
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
