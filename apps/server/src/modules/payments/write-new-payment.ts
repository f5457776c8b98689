import { randomId } from '@coinlane/core/ids';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { type AuditEntry, auditRow } from '#app/modules/audit/record-audit.ts';
import type { ResolvedCurrency } from '#app/modules/currencies/resolve-currency.ts';
import { OUTBOX_CHANNEL, outboxNotificationPayload } from '#app/modules/outbox/notify-outbox-event.ts';
import { PAYMENT_CHANNEL, paymentNotificationPayload } from './notify-payment-changed.ts';
import type { PaymentFlushFields, PaymentRecord } from './queries.ts';

/**
 * How the statement below says that the coin is no longer as the payment was priced: the NOT NULL violation of
 * `payments.currency` (node-postgres and PGlite both name the table and column). Any other error is not that.
 */
export const isCoinChanged = (err: unknown): boolean => {
  const e = err as { code?: unknown; table?: unknown; column?: unknown } | null;
  return e?.code === '23502' && e.table === 'payments' && e.column === 'currency';
};

/**
 * Writes a new payment in ONE statement, one round trip (decision 029): the payment row, its audit row, the risk
 * audit row of a flagged first scoring, a forwarder's flush bookkeeping, the payment.created outbox event with its
 * payload, the outbox's NOTIFY and the payment's live-update NOTIFY. Every column of the row is given (`row` is the
 * whole row as create-payment.ts built it), so the event's payload, built before the statement from the same row, is
 * what a read of the row after it gives.
 *
 * The coin's catalogue row is taken FOR SHARE in the same statement (the `currency_now` CTE), filtered on what the
 * payment was priced with (enabled, symbol, network, decimals, contract): the back-office changes a coin under FOR
 * UPDATE (decision 020), so a creation waits for that change's commit and then reads the row as changed. The
 * payment's `currency` is that CTE's symbol: when the coin is no longer as priced it is NULL, the column's NOT NULL
 * fails the whole statement, and nothing of it is written (a statement is atomic, with or without a transaction
 * around it). The caller turns that failure into the catalogue's refusal (create-payment.ts).
 *
 * Data-modifying CTEs run exactly once and to completion whether or not the query reads them (PostgreSQL's rule), in
 * no order to rely on (the flush row's foreign key to the payment is checked at the end of the statement); the two
 * audit rows are one insert, creation first. The NOTIFYs are selected from the outbox insert, so they are sent once, at the commit of the statement (or of the
 * caller's transaction when it runs in one).
 */
export async function writeNewPayment({
  db,
  row,
  priced,
  eventType,
  payload,
  audit,
  riskAudit,
  forwarder,
}: {
  db: Db;
  row: PaymentRecord;
  /** The catalogue row the payment was priced with. */
  priced: Pick<ResolvedCurrency['row'], 'id' | 'symbol' | 'network' | 'decimals' | 'contract_address'>;
  eventType: string;
  payload: Record<string, unknown>;
  audit: AuditEntry;
  riskAudit: AuditEntry | null;
  /** The payment is paid to an EVM forwarder deposit address: its flush bookkeeping row (decision 010). */
  forwarder: boolean;
}): Promise<void> {
  const eventId = randomId('evt');
  const live = { paymentId: row.id, userId: row.user_id, mode: row.mode };
  const currencyNow = db
    .selectFrom('supported_cryptocurrencies')
    .select('symbol')
    .where('id', '=', priced.id)
    .where('enabled', '=', true)
    .where('symbol', '=', priced.symbol)
    .where('network', '=', priced.network)
    .where('decimals', '=', priced.decimals)
    .where(sql<boolean>`contract_address IS NOT DISTINCT FROM ${priced.contract_address}`)
    .forShare();
  // the row's own columns only (a PaymentRow also carries its flush fields and its link's return URL)
  const { flushed_at, flush_tx, return_url, ...columns } = row as PaymentRecord & Partial<PaymentFlushFields>;
  const payment = db.insertInto('payments').values({
    ...columns,
    currency: sql<string>`(SELECT symbol FROM currency_now)`,
    metadata: JSON.stringify(row.metadata),
    chain_details: JSON.stringify(row.chain_details),
    conversion: row.conversion ? JSON.stringify(row.conversion) : null,
    fraud_flags: [...row.fraud_flags],
  });
  const event = db
    .insertInto('outbox_events')
    .values({
      id: eventId,
      user_id: row.user_id,
      mode: row.mode,
      type: eventType,
      entity_type: 'payment',
      entity_id: row.id,
      payload: JSON.stringify(payload),
    })
    .returning('id');
  const ctes = [
    sql`currency_now AS (${currencyNow})`,
    sql`p AS (${payment})`,
    // one insert for both audit rows, so they are numbered in this order (the parts of a WITH run in no set order)
    sql`a AS (${db.insertInto('audit_log').values([audit, ...(riskAudit ? [riskAudit] : [])].map(auditRow))})`,
    ...(forwarder ? [sql`f AS (${db.insertInto('payment_flushes').values({ payment_id: row.id })})`] : []),
    sql`e AS (${event})`,
  ];
  await sql`WITH ${sql.join(ctes)}
    SELECT pg_notify(${OUTBOX_CHANNEL}, ${outboxNotificationPayload({ eventId, userId: row.user_id, mode: row.mode })}) AS n0,
           pg_notify(${PAYMENT_CHANNEL}, ${paymentNotificationPayload(live)}) AS n1
    FROM e`.execute(db);
}
