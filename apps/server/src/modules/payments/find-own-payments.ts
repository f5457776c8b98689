import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { type PaymentRow, selectPaymentRows } from './queries.ts';

export type { PaymentRow };

/**
 * The merchant's own payments of this mode among `ids`, as a reader should see them (a lapsed price lock applied
 * first, as GET /payments/{id} does), in no particular order; ids of other merchants or modes are left out.
 */
export async function findOwnPayments({
  deps,
  db,
  userId,
  mode,
  ids,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  ids: readonly string[];
  now?: Date;
}): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectPaymentRows(db)
    .where('id', 'in', [...ids])
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .execute();
  const out: PaymentRow[] = [];
  for (const row of rows) out.push(await withExpiryApplied(db, row, now, deps));
  return out;
}
