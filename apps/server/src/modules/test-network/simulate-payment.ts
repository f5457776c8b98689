import { randomBytes } from 'node:crypto';
import { AppError } from '@coinlane/core/errors';
import { MoneyError, parseUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { amountRemaining } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { findOwnPayment } from '#app/modules/payments/find-own-payment.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { paymentState } from '#app/modules/payments/present-payment.ts';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';

/**
 * POST /payments/{id}/simulate (test mode only): the payer "sends" `amount` (default: what is still due) on
 * the built-in test network. The transfer gets a random txid, starts unconfirmed and gains one confirmation
 * per test block (advanceTestNetwork). Any status accepts it: after expiry or cancellation it is a late
 * payment, after confirmation an overpayment, both kept and flagged.
 */
export async function simulatePayment({
  deps,
  db,
  userId,
  mode,
  paymentId,
  amount,
  actor,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
  amount?: string;
  actor: PaymentActor;
  now?: Date;
}) {
  if (mode !== 'test') throw new AppError('FORBIDDEN', { message: T.simulateTestOnly });
  const payment = await findOwnPayment({ db, userId, mode, paymentId });
  let units: bigint;
  if (amount === undefined) {
    units = amountRemaining(paymentState(payment));
    if (units === 0n) {
      throw new AppError('VALIDATION_ERROR', {
        message: T.simulateNothingDue,
        details: { fields: { amount: T.simulateNothingDue } },
      });
    }
  } else {
    try {
      units = parseUnits(amount, payment.decimals);
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
      const message =
        err.reason === 'too_many_decimals'
          ? T.cryptoTooManyDecimals(payment.currency, payment.decimals)
          : T.validPaymentAmount;
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { amount: message } } });
    }
  }
  return recordPaymentTransfer({
    deps,
    db,
    paymentId,
    transfer: {
      txid: randomBytes(32).toString('hex'),
      outputIndex: 0,
      amount: units,
      confirmations: 0,
      seenAt: now,
    },
    actor,
    now,
  });
}
