import type { Db } from '#app/db/connection.ts';
import { lockPaymentRow } from './queries.ts';

/**
 * Locks a payment's row for the rest of the caller's transaction (SELECT ... FOR UPDATE) and returns it as the
 * lifecycle handlers see it; undefined for an unknown id. For another module that must change what hangs on a
 * payment without racing its changes (the risk module re-scoring after a sanctions import).
 */
export const lockPayment = ({ db, paymentId }: { db: Db; paymentId: string }) =>
  lockPaymentRow(db, paymentId);
