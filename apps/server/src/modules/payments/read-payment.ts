import type { Db } from '#app/db/connection.ts';
import { type PaymentRow, selectPaymentById } from './queries.ts';

/** A payment by id as it is stored (no expiry applied, no owner check): for jobs that were handed its id. */
export const readPayment = (db: Db, paymentId: string): Promise<PaymentRow | undefined> =>
  selectPaymentById(db, paymentId);
