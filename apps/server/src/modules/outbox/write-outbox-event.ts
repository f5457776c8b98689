import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { type QueryCreator, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { Database } from '#app/db/schema.ts';
import { type AuditEntry, auditRow } from '#app/modules/audit/record-audit.ts';
import { OUTBOX_CHANNEL, outboxNotificationPayload } from './notify-outbox-event.ts';

/** A NOTIFY sent in the same statement as the event (notify-payment-changed.ts: the payment's live update). */
export type AlsoNotify = { channel: string; payload: string };

/** One outbox event to append (writeOutboxEvents). */
export type NewOutboxEvent = {
  userId: string;
  mode: TMode;
  type: string;
  entityType: string;
  entityId: string;
  payload: Record<string, unknown>;
};

/**
 * Appends an event to the outbox, inside the caller's transaction, so that the event exists exactly when the
 * change it describes is committed. Webhooks read it in `seq` order; the NOTIFY on the outbox channel, sent at the
 * same commit, lets `coinlane listen` sockets (modules/live) forward it as soon as it exists. One statement (one
 * round trip): the insert, its NOTIFY, any `also` notification and the change's `audit` row ride together.
 */
export async function writeOutboxEvent({
  db,
  also = [],
  audit,
  ...event
}: NewOutboxEvent & {
  db: Db;
  also?: readonly AlsoNotify[];
  /** The audit row of the change, written by the same statement (applyPaymentEvent: one round trip for both). */
  audit?: AuditEntry;
}): Promise<string> {
  const [id] = await writeOutboxEvents({ db, events: [event], also, audits: audit ? [audit] : [] });
  return id as string;
}

/**
 * Appends several events to the outbox in one statement, in the order given (their `seq` follows it), with their
 * NOTIFYs on the outbox channel, then the `also` notifications, and the `audits` rows: a batch of payment changes
 * (applyTransferTotals) writes all its events, audit rows and live updates in one round trip. Inside the caller's
 * transaction, as writeOutboxEvent. Returns the events' ids, in order.
 */
export async function writeOutboxEvents({
  db,
  events,
  also = [],
  audits = [],
}: {
  db: Db;
  events: readonly NewOutboxEvent[];
  also?: readonly AlsoNotify[];
  audits?: readonly AuditEntry[];
}): Promise<string[]> {
  const rows = events.map((e) => ({
    id: randomId('evt'),
    user_id: e.userId,
    mode: e.mode,
    type: e.type,
    entity_type: e.entityType,
    entity_id: e.entityId,
    payload: JSON.stringify(e.payload),
  }));
  const notifications = [
    ...rows.map((r) => ({
      channel: OUTBOX_CHANNEL,
      payload: outboxNotificationPayload({ eventId: r.id, userId: r.user_id, mode: r.mode }),
    })),
    ...also,
  ];
  if (notifications.length === 0 && audits.length === 0) return [];
  // A data-modifying WITH runs once and to completion whether or not the query reads it (PostgreSQL's rule), so the
  // inserts need not be read; the NOTIFYs are sent in the order listed (a VALUES list is read in order).
  // (each write CTE is typed as the plain query creator it otherwise is)
  let base: QueryCreator<Database> = db;
  if (audits.length > 0) {
    base = base.with('a', (w) =>
      w.insertInto('audit_log').values(audits.map(auditRow)),
    ) as unknown as QueryCreator<Database>;
  }
  if (rows.length > 0) {
    base = base.with('e', (w) =>
      w.insertInto('outbox_events').values(rows),
    ) as unknown as QueryCreator<Database>;
  }
  const list =
    notifications.length > 0
      ? sql.join(notifications.map((n) => sql`(${n.channel}::text, ${n.payload}::text)`))
      : sql`(NULL::text, NULL::text)`;
  await base
    .selectFrom(
      sql<{ channel: string | null; payload: string | null }>`(VALUES ${list})`.as<'n'>(
        sql`n(channel, payload)`,
      ),
    )
    .select(sql`CASE WHEN n.channel IS NOT NULL THEN pg_notify(n.channel, n.payload) END`.as('sent'))
    .execute();
  return rows.map((r) => r.id);
}
