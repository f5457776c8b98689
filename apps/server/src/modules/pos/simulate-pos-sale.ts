import type { TPosSale } from '@coinlane/core/api/pos';
import { AppError } from '@coinlane/core/errors';
import { formatUnits, parseUnits } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { DeviceAuth } from '#app/modules/auth/caller.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { simulatePayment } from '#app/modules/test-network/simulate-payment.ts';
import { getPosSale } from './get-pos-sale.ts';
import { presentPosSale } from './present-pos-sale.ts';

/**
 * POST /pos/sales/{id}/simulate (test mode only): the test panel of the counter, as the hosted page has one. The
 * customer "pays" what is due (`full`) or half of it (`partial`) on the built-in test network; confirmations follow
 * with its blocks. Refused in live mode (403), and for a sale of another device (404).
 */
export async function simulatePosSale({
  deps,
  db,
  device,
  id,
  kind,
  actor,
}: {
  deps: PaymentDeps;
  db: Db;
  device: DeviceAuth;
  id: string;
  kind: 'full' | 'partial';
  actor: PaymentActor;
}): Promise<TPosSale> {
  if (device.mode !== 'test') throw new AppError('FORBIDDEN', { message: T.simulateTestOnly });
  const sale = await getPosSale({ deps, db, device, id });
  let amount: string | undefined;
  if (kind === 'partial') {
    const half = parseUnits(sale.amountRemaining, sale.decimals) / 2n;
    if (half === 0n) {
      throw new AppError('VALIDATION_ERROR', {
        message: T.simulateNothingDue,
        details: { fields: { kind: T.simulateNothingDue } },
      });
    }
    amount = formatUnits(half, sale.decimals);
  }
  const r = await simulatePayment({
    deps,
    db,
    userId: device.user.id,
    mode: device.mode,
    paymentId: id,
    amount,
    actor,
  });
  return presentPosSale(r.payment);
}
