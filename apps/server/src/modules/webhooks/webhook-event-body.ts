import type { Db } from '#app/db/connection.ts';
import { listPriceChanges } from '#app/modules/payments/list-price-changes.ts';
import { listPaymentTransfers, presentTransfer } from '#app/modules/transfers/list-payment-transfers.ts';

/** The outbox fields an event body is built from. */
export type WebhookEventSource = {
  id: string;
  type: string;
  mode: string;
  entity_type: string;
  entity_id: string;
  payload: Record<string, unknown>;
  created_at: Date;
};

/**
 * The body a webhook delivery of `event` carries, as text: { id, type, createdAt, mode, data }, where a payment's
 * data is the payment as GET /payments/{id} returns it (its transfers and price history read now). The same
 * builder serves the endpoint's deliveries and `coinlane listen` sockets, so both receive the same body.
 */
export async function webhookEventBody({
  db,
  event,
}: {
  db: Db;
  event: WebhookEventSource;
}): Promise<string> {
  let data: Record<string, unknown> = event.payload;
  if (event.entity_type === 'payment') {
    const transfers = await listPaymentTransfers({ db, paymentId: event.entity_id });
    const priceChanges = await listPriceChanges({ db, paymentId: event.entity_id });
    data = { ...event.payload, transfers: transfers.map(presentTransfer), priceChanges };
  }
  const createdAt = event.created_at.toISOString();
  return JSON.stringify({ id: event.id, type: event.type, createdAt, mode: event.mode, data });
}
