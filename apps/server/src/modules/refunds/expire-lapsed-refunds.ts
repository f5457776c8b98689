import type { Db } from '#app/db/connection.ts';
import { applyRefundEvent, WATCHER_ACTOR } from './apply-refund-event.ts';
import { selectLapsedRefunds, selectRefund } from './queries.ts';

/**
 * Refunds still awaiting an address whose link has expired become expired (their amount is free again), when a
 * payment's refunds are read or measured, or a link is used: no scheduled job is needed. In the caller's
 * transaction.
 */
export async function expireLapsedRefunds({
  db,
  where,
  now,
}: {
  db: Db;
  where: { paymentId?: string; id?: string };
  now: Date;
}): Promise<void> {
  for (const { id } of await selectLapsedRefunds(db, where, now)) {
    const row = await selectRefund(db, id, { forUpdate: true });
    if (row?.status !== 'awaiting_address') continue;
    await applyRefundEvent({ db, refund: row, event: { type: 'link_expired' }, actor: WATCHER_ACTOR, now });
  }
}
