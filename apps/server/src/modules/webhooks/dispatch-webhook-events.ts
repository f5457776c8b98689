import { randomId } from '@coinlane/core/ids';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import {
  listWebhookDueEvents,
  markWebhookEventsDispatched,
} from '#app/modules/outbox/take-webhook-due-events.ts';
import { selectEndpointsOwing } from './queries.ts';
import { webhookEventBodies } from './webhook-event-body.ts';

/** Name of the job that sends one endpoint's deliveries in order (one queued or running per endpoint). */
export const DELIVER_WEBHOOKS_JOB = 'webhooks.deliver';
export const deliverJobKey = (endpointId: string) => `${DELIVER_WEBHOOKS_JOB}:${endpointId}`;

/** Serialises dispatcher runs (two processes, or two overlapping slots) on both engines. */
const DISPATCH_LOCK = 727_004;

/**
 * Turns new outbox events into deliveries: each event of a merchant and mode whose endpoint subscribes to its
 * type becomes one delivery with its body fixed now (webhookEventBody). Events are marked as handled in the same short transaction.
 * Then every endpoint that owes deliveries gets its delivery job (unique per endpoint), which also repairs a
 * job lost to a crash. Returns how many deliveries were created.
 */
export async function dispatchWebhookEvents({
  db,
  limit = 500,
}: {
  db: Db;
  limit?: number;
}): Promise<number> {
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${DISPATCH_LOCK})`.execute(trx);
    const events = await listWebhookDueEvents({ db: trx, limit });
    if (events.length === 0) return 0;
    const owners = [...new Set(events.map((e) => e.user_id))];
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'user_id', 'mode', 'events'])
      .where('user_id', 'in', owners)
      .execute();
    // The deliveries owed, with their bodies built together, in one insert (a block's events come in a burst).
    const owed = events.flatMap((e) => {
      const endpoint = endpoints.find((x) => x.user_id === e.user_id && x.mode === e.mode);
      return endpoint?.events.includes(e.type) ? [{ e, endpoint }] : [];
    });
    let count = 0;
    if (owed.length > 0) {
      const bodies = await webhookEventBodies({ db: trx, events: owed.map((o) => o.e) });
      const inserted = await trx
        .insertInto('webhook_deliveries')
        .values(
          owed.map(({ e, endpoint }, i) => ({
            id: randomId('whd'),
            endpoint_id: endpoint.id,
            user_id: e.user_id,
            mode: e.mode,
            event_id: e.id,
            event_type: e.type,
            event_created_at: e.created_at,
            body: bodies[i] as string,
          })),
        )
        .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
        .returning('id')
        .execute();
      count = inserted.length;
    }
    await markWebhookEventsDispatched({ db: trx, ids: events.map((e) => e.id) });
    return count;
  });
  await ensureDeliveryJobs({ db });
  return created;
}

/**
 * One delivery job per endpoint that owes something: nothing added where one is queued; one that is running runs once
 * more when it returns (rerunIfRunning), since its last look for deliveries may have come before these were made.
 */
export async function ensureDeliveryJobs({ db }: { db: Db }): Promise<void> {
  for (const row of await selectEndpointsOwing(db)) {
    await enqueueJob({
      db,
      name: DELIVER_WEBHOOKS_JOB,
      payload: { endpointId: row.endpoint_id },
      uniqueKey: deliverJobKey(row.endpoint_id),
      maxAttempts: 10,
      rerunIfRunning: true,
    });
  }
}
