import type { Db } from '#app/db/connection.ts';
import { listPriceChangesOfPayments } from '#app/modules/payments/list-price-changes.ts';
import { listTransfersOfPayments, presentTransfer } from '#app/modules/transfers/list-payment-transfers.ts';

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
  const [body] = await webhookEventBodies({ db, events: [event] });
  return body as string;
}

/**
 * webhookEventBody for several events (the dispatcher's batch), each payment's transfers and price history read in
 * one statement for them all. The bodies, in the order given.
 */
export async function webhookEventBodies({
  db,
  events,
}: {
  db: Db;
  events: readonly WebhookEventSource[];
}): Promise<string[]> {
  const paymentIds = [...new Set(events.filter((e) => e.entity_type === 'payment').map((e) => e.entity_id))];
  const transfers = await listTransfersOfPayments({ db, paymentIds });
  const priceChanges = await listPriceChangesOfPayments({ db, paymentIds });
  return events.map((event) => {
    let data: Record<string, unknown> = event.payload;
    if (event.entity_type === 'payment') {
      data = {
        ...event.payload,
        transfers: (transfers.get(event.entity_id) ?? []).map(presentTransfer),
        priceChanges: priceChanges.get(event.entity_id) ?? [],
      };
    }
    const createdAt = event.created_at.toISOString();
    return JSON.stringify({ id: event.id, type: event.type, createdAt, mode: event.mode, data });
  });
}
