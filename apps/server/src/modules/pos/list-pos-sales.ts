import { POS_SALES_LIST_MAX, type TPosSales } from '@coinlane/core/api/pos';
import { FIAT_CURRENCIES } from '@coinlane/core/currencies';
import { normalizeFiat } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import type { DeviceAuth } from '#app/modules/auth/caller.ts';
import { findOwnPayments } from '#app/modules/payments/find-own-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentPosSale } from './present-pos-sale.ts';
import { selectDeviceSaleIds, sumDeviceSales } from './queries.ts';
import { startOfDay } from './start-of-day.ts';

/**
 * GET /pos/sales: the sales this device rang up since the start of today in the counter's time zone, newest first
 * (at most POS_SALES_LIST_MAX), with the day's totals over all of them: how many, how many confirmed, and the
 * confirmed amount in the device's currency (an exact sum). Only this device's: another counter's sales, the
 * merchant's other payments and another merchant's never appear.
 */
export async function listPosSales({
  deps,
  db,
  device,
  timeZone,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  device: DeviceAuth;
  timeZone?: string;
  now?: Date;
}): Promise<TPosSales> {
  const since = startOfDay(timeZone, now);
  const ids = (await selectDeviceSaleIds(db, device.deviceId, since, POS_SALES_LIST_MAX)).map(
    (s) => s.payment_id,
  );
  const rows = await findOwnPayments({ deps, db, userId: device.user.id, mode: device.mode, ids, now });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sales = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentPosSale(row)] : [];
  });
  const totals = await sumDeviceSales(db, device.deviceId, since);
  return {
    since: since.toISOString(),
    sales,
    totals: {
      count: totals.count,
      confirmedCount: totals.confirmedCount,
      confirmedAmount: normalizeFiat(totals.confirmedAmount, FIAT_CURRENCIES[device.fiatCurrency].decimals),
      currency: device.fiatCurrency,
    },
  };
}
