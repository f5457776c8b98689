import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { formatUnits } from '@coinlane/core/money';
import { lockLapseOutcome, priceLockEnd } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { type PaymentActor, SYSTEM_ACTOR } from './actor.ts';
import { type AppliedPaymentEvent, applyPaymentEvent, type NewPrice } from './apply-payment-event.ts';
import type { PaymentDeps, PaymentLinkTerms } from './payment-deps.ts';
import { fiatInput, type PreparedPayment, preparePayment } from './prepare-payment.ts';
import { paymentState } from './present-payment.ts';
import { hasAnyTransfer, lockPaymentRow, type PaymentRow } from './queries.ts';
import {
  amountsTakenOnAddress,
  isSingleAddressPayment,
  lockAddress,
  uniqueAmount,
} from './unique-amounts.ts';

/**
 * An open payment whose price lock has lapsed (now >= expires_at) without its full amount seen in time
 * (docs/decisions/005-hosted-payment-page.md, "The price lock"). The core rule (lockLapseOutcome) decides:
 * - a payment link's attempt that has never seen a transfer (not even one in the mempool, nor one removed since),
 *   while its link still takes payments, is re-priced in place (not one paid into an exchange's shift): same address, a new amount due at the current
 *   rate (a single-address wallet's kept unique on its address), a new lock until the link expires if sooner;
 * - anything else expires, its money kept and flagged (as before). So does an attempt the current rate cannot
 *   price (no fresh market rate for a live amount, the amount now outside the coin's limits): Try Again asks again.
 * One transaction (the caller's, or its own) with the payment row locked before anything is read, so a transfer
 * and a re-price never cross: every transfer is recorded under the same lock (recordPaymentTransfer), and
 * applyPaymentEvent refuses the re-price once any transfer row exists. Pricing reads only the database.
 * Called by the scheduler's sweep, on every read of a payment (the server decides by time, not by when its sweep
 * ran) and before a transfer is recorded past the lock.
 */
export async function settleLapsedPayment({
  db,
  paymentId,
  actor = SYSTEM_ACTOR,
  now = new Date(),
  deps,
}: {
  db: Db;
  paymentId: string;
  actor?: PaymentActor;
  now?: Date;
  deps: PaymentDeps;
}): Promise<AppliedPaymentEvent> {
  const run = async (trx: Db): Promise<AppliedPaymentEvent> => {
    const row = await lockPaymentRow(trx, paymentId);
    if (!row) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    const link = row.payment_link_id ? await deps.linkTerms(trx, row.payment_link_id) : undefined;
    const transfersSeen = await hasAnyTransfer(trx, paymentId);
    // A payment paid into an exchange's shift (decision 024) is never re-priced in place: its address and amount
    // are the exchange's fixed quote, which ends with it. It expires; Try Again creates a new shift.
    const repriceable = link && row.conversion?.kind !== 'shift';
    const outcome = lockLapseOutcome(paymentState(row), {
      now,
      link: repriceable ? { status: link.status, expiresAt: link.expiresAt } : null,
      transfersSeen,
    });
    if (outcome === 'none') return { payment: row, changed: false, emitted: [] };
    if (outcome === 'reprice' && link) {
      const price = await priceAgain({ db: trx, payment: row, link, now, deps });
      if (price) {
        const r = await applyPaymentEvent({
          db: trx,
          paymentId,
          change: { type: 'reprice', price },
          actor,
          now,
          deps,
        });
        if (r.changed) return r;
      }
    }
    return applyPaymentEvent({ db: trx, paymentId, change: { type: 'expiry_reached' }, actor, now, deps });
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * The attempt's price now: its fiat amount at the current rate (an amount set in crypto stays the link's), within
 * the coin's limits; null when it cannot be priced now.
 */
async function priceAgain({
  db,
  payment,
  link,
  now,
  deps,
}: {
  db: Db;
  payment: PaymentRow;
  link: PaymentLinkTerms;
  now: Date;
  deps: PaymentDeps;
}): Promise<NewPrice | null> {
  let prepared: PreparedPayment;
  try {
    prepared = await preparePayment({
      db,
      addressSources: deps.addressSources,
      mode: payment.mode,
      currency: payment.currency,
      network: payment.network,
      amount:
        payment.fiat_amount !== null && payment.fiat_currency !== null
          ? fiatInput(payment.fiat_amount, payment.fiat_currency as TFiatCode)
          : { kind: 'crypto', amount: formatUnits(BigInt(link.amount), link.decimals) },
      maxAgeSeconds: deps.priceLock.ratesMaxAgeSeconds,
      now,
    });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  let amountDue = prepared.units;
  if (isSingleAddressPayment(payment)) {
    // The amount tells this payment apart on the wallet's one address: it stays unique there (its earlier amount
    // stays reserved for it a day, and matched to it by the watcher: unique-amounts.ts).
    await lockAddress(db, payment.network, payment.address);
    const { taken } = await amountsTakenOnAddress({
      db,
      network: payment.network,
      address: payment.address,
      currency: payment.currency,
      now,
      exceptPaymentId: payment.id,
    });
    amountDue = uniqueAmount(amountDue, taken);
  }
  const { pricing } = prepared;
  return {
    amountDue,
    expiresAt: priceLockEnd({ now, lockSeconds: deps.priceLock.seconds, linkExpiresAt: link.expiresAt }),
    usdAmount: prepared.usdAmount,
    rate: pricing
      ? { cryptoRate: pricing.cryptoRateText, fiatRate: pricing.fiatRateText, source: pricing.source }
      : null,
  };
}
