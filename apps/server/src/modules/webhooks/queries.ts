import type { TMode } from '@coinlane/core/options';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '#app/db/schema.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export const selectEndpoint = (db: Db, userId: string, mode: TMode) =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();

export const selectEndpointById = (db: Db, id: string) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** A merchant's delivery of one event, in one mode (another merchant's: undefined). */
export const selectOwnDelivery = (db: Db, userId: string, mode: TMode, eventId: string) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('event_id', '=', eventId)
    .orderBy('seq', 'desc')
    .executeTakeFirst();

/** The oldest delivery of an endpoint still owed (pending or retrying): the only one that may be sent. */
export const selectNextOpenDelivery = (db: Db, endpointId: string) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('state', 'in', ['pending', 'retrying'])
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();

/** Endpoints owing deliveries. */
export const selectEndpointsOwing = (db: Db) =>
  db
    .selectFrom('webhook_deliveries')
    .select('endpoint_id')
    .distinct()
    .where('state', 'in', ['pending', 'retrying'])
    .execute();

export const selectAttempts = (db: Db, deliveryId: string) =>
  db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt_number')
    .orderBy('created_at')
    .execute();
