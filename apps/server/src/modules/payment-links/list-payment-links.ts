import type { TListPaymentLinksQuery, TPaymentLink } from '@coinlane/core/api/payment-links';
import type { TPagination } from '@coinlane/core/api/payments';
import { normalizeCoinSymbol } from '@coinlane/core/coin-input';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { presentPaymentLink } from './present-payment-link.ts';
import { selectAttempts } from './queries.ts';

/**
 * GET /payment-links: the merchant's links in the current mode, newest first. The status filter uses the
 * status a reader sees: an active link past its expiry counts as expired.
 */
export async function listPaymentLinks({
  db,
  userId,
  mode,
  query,
  appUrl,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  query: TListPaymentLinksQuery;
  appUrl: string;
  now?: Date;
}): Promise<{ data: TPaymentLink[]; pagination: TPagination }> {
  // Subscription invoices' links are shown with their subscriptions, not among the merchant's links.
  let q = db
    .selectFrom('payment_links')
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('kind', '=', 'link');
  if (query.currency) q = q.where('currency', '=', normalizeCoinSymbol(query.currency));
  if (query.status === 'active') {
    q = q
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  } else if (query.status === 'expired') {
    q = q.where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'active'), eb('expires_at', '<=', now)]),
      ]),
    );
  } else if (query.status === 'completed') {
    q = q.where('status', '=', 'completed');
  }
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const attempts = await selectAttempts(
    db,
    rows.map((r) => r.id),
  );
  const byLink = new Map<string, typeof attempts>();
  for (const a of attempts) byLink.set(a.payment_link_id!, [...(byLink.get(a.payment_link_id!) ?? []), a]);
  return {
    data: rows.map((r) => presentPaymentLink(r, byLink.get(r.id) ?? [], { appUrl, now })),
    pagination: {
      limit: query.limit,
      offset: query.offset,
      total,
      hasMore: query.offset + rows.length < total,
    },
  };
}
