import { checkFiatAmount } from '@coinlane/core/api/payments';
import { posMaxAmount, type TCreatePosSaleRequest, type TPosSale } from '@coinlane/core/api/pos';
import { FIAT_CURRENCIES } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { parseUnits } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { DeviceAuth } from '#app/modules/auth/caller.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { createPayment } from '#app/modules/payments/create-payment.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentPosSale } from './present-pos-sale.ts';

const refuse = (message: string) =>
  new AppError('VALIDATION_ERROR', { message, details: { fields: { fiatAmount: message } } });

/**
 * POST /pos/sales: a payment of `fiatAmount` in the device's currency, in the coin and network asked for, made by
 * the payment engine exactly as POST /payments makes one (fresh rate, the coin's limits, the daily limit,
 * maintenance, wallets in live mode), and recorded as the device's sale in the same transaction. The payment's
 * metadata names the device (posDeviceId, posDeviceName), for the merchant's transactions and webhooks.
 */
export async function createPosSale({
  deps,
  db,
  device,
  input,
  actor,
  maxAgeSeconds,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  device: DeviceAuth;
  input: TCreatePosSaleRequest;
  actor: PaymentActor;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<TPosSale> {
  const checked = checkFiatAmount(input.fiatAmount, device.fiatCurrency);
  if (!checked.ok) throw refuse(checked.message);
  const decimals = FIAT_CURRENCIES[device.fiatCurrency].decimals;
  const max = posMaxAmount(device.fiatCurrency);
  if (parseUnits(checked.amount, decimals) > parseUnits(max, decimals)) {
    throw refuse(T.posAmountTooLarge(max, device.fiatCurrency));
  }
  const row = await db.transaction().execute(async (trx) => {
    const payment = await createPayment({
      deps,
      db: trx,
      userId: device.user.id,
      mode: device.mode,
      input: {
        fiatAmount: checked.amount,
        fiatCurrency: device.fiatCurrency,
        currency: input.currency,
        ...(input.network ? { network: input.network } : {}),
        metadata: { posDeviceId: device.deviceId, posDeviceName: device.deviceName },
      },
      actor,
      maxAgeSeconds,
      now,
    });
    await trx
      .insertInto('pos_sales')
      .values({
        payment_id: payment.id,
        device_id: device.deviceId,
        user_id: device.user.id,
        mode: device.mode,
        created_at: now,
      })
      .execute();
    return payment;
  });
  return presentPosSale(row);
}
