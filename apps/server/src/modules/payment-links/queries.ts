import type { TMode } from '@coinlane/core/options';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentLinksTable } from '#app/db/schema.ts';

export type PaymentLinkRow = Selectable<PaymentLinksTable>;

/** A merchant's link in the current mode, or undefined (another merchant's id reads as absent). */
export const selectOwnLink = (db: Db, { userId, mode, id }: { userId: string; mode: TMode; id: string }) =>
  db
    .selectFrom('payment_links')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();

export const selectLinkById = (db: Db, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.selectFrom('payment_links').selectAll().where('id', '=', id);
  return (opts.forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** The attempts of some links, newest first per link. */
export const selectAttempts = (db: Db, linkIds: readonly string[]) =>
  linkIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payments')
        .select([
          'id',
          'payment_link_id',
          'attempt',
          'status',
          'exception',
          'amount',
          'amount_received',
          'decimals',
          'created_at',
          'expires_at',
        ])
        .where('payment_link_id', 'in', linkIds)
        .orderBy('payment_link_id')
        .orderBy('attempt', 'desc')
        .execute();
