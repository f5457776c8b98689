import { randomId } from '@coinlane/core/ids';
import { CompiledQuery } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { noticesOf } from '#app/db/notices.ts';
import { MAX_PREPARED_TEXTS, PREPARED_TEXT } from '#app/db/prepared-statements.ts';
import { type AuditEntry, auditRow } from '#app/modules/audit/record-audit.ts';
import type { ResolvedCurrency } from '#app/modules/currencies/resolve-currency.ts';
import { OUTBOX_CHANNEL, outboxNotificationPayload } from '#app/modules/outbox/notify-outbox-event.ts';
import { PAYMENT_CHANNEL, paymentNotificationPayload } from './notify-payment-changed.ts';
import type { PaymentRecord } from './queries.ts';

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
 * payload, the outbox's NOTIFY and the payment's live-update NOTIFY. Outside a transaction the two NOTIFYs are not in
 * the statement: they are handed to the handle's NoticeSender once it has committed (db/notices.ts, decision 036).
 * Every column of the row is given (`row` is the whole row as create-payment.ts built it), so the event's payload,
 * built before the statement from the same row, is what a read of the row after it gives.
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
 * audit rows are one insert, creation first. In a caller's transaction the NOTIFYs are selected from the outbox
 * insert, so they are sent once, at the transaction's commit.
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
  // the row as it is stored: jsonb columns as JSON text (the row itself is not copied: it has some 60 columns)
  const stored = {
    metadata: JSON.stringify(row.metadata),
    chain_details: JSON.stringify(row.chain_details),
    conversion: row.conversion ? JSON.stringify(row.conversion) : null,
    fraud_flags: [...row.fraud_flags],
  };
  const notices: [string, string][] = [
    [OUTBOX_CHANNEL, outboxNotificationPayload({ eventId, userId: row.user_id, mode: row.mode })],
    [PAYMENT_CHANNEL, paymentNotificationPayload(live)],
  ];
  // outside a transaction the statement commits alone: its notices go after it (db/notices.ts, decision 036)
  const after = noticesOf(db);
  const { text, values } = newPaymentStatement({
    priced,
    payment: row,
    stored,
    audits: [audit, ...(riskAudit ? [riskAudit] : [])].map(auditRow),
    flush: forwarder ? { payment_id: row.id } : null,
    event: {
      id: eventId,
      user_id: row.user_id,
      mode: row.mode,
      type: eventType,
      entity_type: 'payment',
      entity_id: row.id,
      payload: JSON.stringify(payload),
    },
    notify: after ? [] : notices,
  });
  await db.executeQuery(CompiledQuery.raw(text, values));
  after?.send(notices);
}

/**
 * The creation statement's text and parameters. Plain text rather than Kysely's builder: building and compiling the
 * statement (five queries, about 80 values) through the builder was about 10 % of the server's CPU per API payment
 * (decision 035). The values are gathered in one walk over the rows, and the text is made by the same walk
 * (`render`), each placeholder where its column is named; it is kept by its shape (the columns each row gives, one
 * audit row or two, a flush row or none), so the same shape gives the same text and runs as one prepared statement
 * (PREPARED). A column a row leaves `undefined` takes its default, as Kysely leaves it out; `currency` is the
 * `currency_now` CTE's symbol whatever the row says.
 */
export function newPaymentStatement({
  priced,
  payment,
  stored = {},
  audits,
  flush,
  event,
  notify,
}: {
  priced: Pick<ResolvedCurrency['row'], 'id' | 'symbol' | 'network' | 'decimals' | 'contract_address'>;
  /** The payment row (a PaymentRow's flush fields and its link's return URL are not columns of it: left out). */
  payment: object;
  /** Columns of the payment given as stored rather than as the row holds them (jsonb as JSON text). */
  stored?: Record<string, unknown>;
  audits: Record<string, unknown>[];
  flush: Record<string, unknown> | null;
  event: Record<string, unknown>;
  notify: [channel: string, payload: string][];
}): { text: string; values: unknown[] } {
  const values: unknown[] = [
    priced.id,
    priced.symbol,
    priced.network,
    priced.decimals,
    priced.contract_address,
  ];
  const inserts: InsertShape[] = [
    shapeOf('payments', [payment as Record<string, unknown>], values, NOT_PAYMENT_COLUMNS, stored),
    shapeOf('audit_log', audits, values),
    ...(flush ? [shapeOf('payment_flushes', [flush], values)] : []),
    shapeOf('outbox_events', [event], values),
  ];
  for (const [channel, body] of notify) values.push(channel, body);
  const key = `${inserts.map((i) => `${i.table}(${i.names.join(',')})${i.rows.join(';')}`).join('|')}|${notify.length}`;
  let text = creationTexts.get(key);
  if (text === undefined) {
    text = render(inserts, notify.length);
    if (creationTexts.size < MAX_PREPARED_TEXTS) creationTexts.set(key, text);
  }
  return { text, values };
}

/** One insert of the statement: its columns, and per row which of them it gives ('1') or leaves to the default ('0'). */
type InsertShape = { table: string; names: string[]; rows: string[] };

const creationTexts = new Map<string, string>();

/**
 * The payment row's keys that are not its columns given here: `currency` (the CTE's), a PaymentRow's flush fields
 * (payment_flushes') and its link's return URL (the link's).
 */
const NOT_PAYMENT_COLUMNS: ReadonlySet<string> = new Set([
  'currency',
  'flushed_at',
  'flush_tx',
  'return_url',
]);
const NONE: ReadonlySet<string> = new Set();

/**
 * Every column some row gives a value for (but `skip`), their values pushed row by row, column by column (`stored`
 * gives a column's value in place of the row's).
 */
function shapeOf(
  table: string,
  rows: Record<string, unknown>[],
  values: unknown[],
  skip: ReadonlySet<string> = NONE,
  stored: Record<string, unknown> = {},
): InsertShape {
  const names: string[] = [];
  for (const row of rows) {
    for (const k in row) {
      // a key is only ever met twice over several rows (one row's keys are distinct)
      if (!skip.has(k) && row[k] !== undefined && (rows.length === 1 || !names.includes(k))) names.push(k);
    }
  }
  const shapes: string[] = [];
  for (const row of rows) {
    let shape = '';
    for (const k of names) {
      const v = k in stored ? stored[k] : row[k];
      if (v === undefined) shape += '0';
      else {
        values.push(v);
        shape += '1';
      }
    }
    shapes.push(shape);
  }
  return { table, names, rows: shapes };
}

/** The statement's text for a shape: placeholders numbered in the order newPaymentStatement pushed the values. */
function render(inserts: InsertShape[], notifies: number): string {
  let n = 5; // the coin's five, first
  const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const parts = inserts.map(({ table, names, rows }) => {
    const currency = table === 'payments';
    const tuples = rows.map((shape) => {
      const cells = names.map((_k, i) => (shape[i] === '1' ? `$${++n}` : 'DEFAULT'));
      if (currency) cells.push('(SELECT symbol FROM currency_now)');
      return `(${cells.join(', ')})`;
    });
    const columns = [...names, ...(currency ? ['currency'] : [])].map(ident).join(', ');
    return `insert into ${ident(table)} (${columns}) values ${tuples.join(', ')}`;
  });
  const [payments, audits, ...rest] = parts;
  const events = rest.pop();
  const flush = rest[0];
  const ctes = [
    'currency_now AS (select "symbol" from "supported_cryptocurrencies" where "id" = $1 and "enabled" = true ' +
      'and "symbol" = $2 and "network" = $3 and "decimals" = $4 ' +
      'and contract_address IS NOT DISTINCT FROM $5 for share)',
    `p AS (${payments})`,
    // one insert for both audit rows, so they are numbered in this order (the parts of a WITH run in no set order)
    `a AS (${audits})`,
    ...(flush ? [`f AS (${flush})`] : []),
    `e AS (${events} returning "id")`,
  ];
  const selects = Array.from({ length: notifies }, (_v, i) => `pg_notify($${++n}, $${++n}) AS n${i}`);
  return `WITH ${ctes.join(', ')}\n    SELECT ${selects.length ? selects.join(', ') : '1'}\n    FROM e${PREPARED_TEXT}`;
}
