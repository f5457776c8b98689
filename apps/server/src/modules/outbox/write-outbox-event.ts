import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { type QueryCreator, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { Database } from '#app/db/schema.ts';
import { type AuditEntry, auditRow } from '#app/modules/audit/record-audit.ts';
import { OUTBOX_CHANNEL, outboxNotificationPayload } from './notify-outbox-event.ts';

/** A NOTIFY sent in the same statement as the event (notify-payment-changed.ts: the payment's live update). */
export type AlsoNotify = { channel: string; payload: string };

/**
 * Appends an event to the outbox, inside the caller's transaction, so that the event exists exactly when the
 * change it describes is committed. Webhooks read it in `seq` order; the NOTIFY on the outbox channel, sent at the
 * same commit, lets `coinlane listen` sockets (modules/live) forward it as soon as it exists. One statement (one
 * round trip): the insert, its NOTIFY, any `also` notification and the change's `audit` row ride together.
 */
export async function writeOutboxEvent({
  db,
  userId,
  mode,
  type,
  entityType,
  entityId,
  payload,
  also = [],
  audit,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  type: string;
  entityType: string;
  entityId: string;
  payload: Record<string, unknown>;
  also?: readonly AlsoNotify[];
  /** The audit row of the change, written by the same statement (applyPaymentEvent: one round trip for both). */
  audit?: AuditEntry;
}): Promise<string> {
  const id = randomId('evt');
  const notifications = [
    { channel: OUTBOX_CHANNEL, payload: outboxNotificationPayload({ eventId: id, userId, mode }) },
    ...also,
  ];
  // A data-modifying WITH runs once and to completion whether or not the query reads it (PostgreSQL's rule).
  // (the audit CTE is never read: typed as the plain query creator it otherwise is)
  const base: QueryCreator<Database> = audit
    ? (db.with('a', (w) =>
        w.insertInto('audit_log').values(auditRow(audit)),
      ) as unknown as QueryCreator<Database>)
    : db;
  await base
    .with('e', (w) =>
      w
        .insertInto('outbox_events')
        .values({
          id,
          user_id: userId,
          mode,
          type,
          entity_type: entityType,
          entity_id: entityId,
          payload: JSON.stringify(payload),
        })
        .returning('id'),
    )
    .selectFrom('e')
    .select(notifications.map((n, i) => sql`pg_notify(${n.channel}, ${n.payload})`.as(`n${i}`)))
    .execute();
  return id;
}
