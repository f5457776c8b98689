import type { TListPaymentsQuery, TPagination, TPayment } from '@coinlane/core/api/payments';
import { normalizeCoinSymbol } from '@coinlane/core/coin-input';
import { normalizeNetworkId } from '@coinlane/core/currencies';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { expireDuePayments } from './expire-due-payments.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { presentPayment } from './present-payment.ts';
import { paymentFlushFields } from './queries.ts';

/** GET /payments: the merchant's payments in the current mode, newest first, filtered and paginated. */
export async function listPayments({
  deps,
  db,
  userId,
  mode,
  query,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  query: TListPaymentsQuery;
  now?: Date;
}): Promise<{ data: TPayment[]; pagination: TPagination }> {
  // Expiry is checked on read: whatever is past its window reads as expired.
  await expireDuePayments({ deps, db, now, userId, mode });
  let q = db.selectFrom('payments').where('user_id', '=', userId).where('mode', '=', mode);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.currency) q = q.where('currency', '=', normalizeCoinSymbol(query.currency));
  if (query.network)
    q = q.where('network', '=', normalizeNetworkId(query.network) ?? query.network.toLowerCase());
  if (query.paymentLinkId) q = q.where('payment_link_id', '=', query.paymentLinkId);
  const [{ total }] = (await q.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
    { total: number },
  ];
  const rows = await q
    .selectAll('payments')
    .select(paymentFlushFields)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return {
    data: rows.map(presentPayment),
    pagination: {
      limit: query.limit,
      offset: query.offset,
      total: Number(total),
      hasMore: query.offset + rows.length < Number(total),
    },
  };
}
