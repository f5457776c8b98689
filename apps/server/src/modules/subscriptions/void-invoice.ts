import type { Db } from '#app/db/connection.ts';
import type { SubscriptionRow } from './queries.ts';

/**
 * The subscription's open invoice is void (the subscription expired or was cancelled): its link takes no new
 * payment attempt. An attempt already open goes on; money it receives is never lost (applyInvoicePayment credits
 * it, or renews an expired subscription with it).
 */
export async function voidOpenInvoice({ db, sub, now }: { db: Db; sub: SubscriptionRow; now: Date }) {
  if (!sub.open_invoice_id) return;
  const invoice = await db
    .updateTable('subscription_invoices')
    .set({ status: 'void', voided_at: now, updated_at: now })
    .where('id', '=', sub.open_invoice_id)
    .where('status', '=', 'open')
    .returning(['payment_link_id'])
    .executeTakeFirst();
  if (invoice?.payment_link_id) {
    await db
      .updateTable('payment_links')
      .set({ status: 'expired', updated_at: now })
      .where('id', '=', invoice.payment_link_id)
      .where('status', '=', 'active')
      .execute();
  }
}
