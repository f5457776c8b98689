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

/**
 * The oldest delivery an endpoint owes, with the endpoint and whether its owner paused deliveries, in one statement
 * (a delivery's hot path). One snapshot: a delivery seen was made after every endpoint change committed before it,
 * so the URL read is never older than the delivery (read as two statements, the endpoint had to come second).
 */
export async function selectNextDeliveryToSend(db: Db, endpointId: string) {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .leftJoin('user_settings as s', 's.user_id', 'e.user_id')
    .selectAll('d')
    .select([
      'e.id as endpoint_id',
      'e.user_id as endpoint_user_id',
      'e.url as endpoint_url',
      'e.secret_sealed as endpoint_secret_sealed',
      'e.previous_secret_sealed as endpoint_previous_secret_sealed',
      'e.previous_secret_expires_at as endpoint_previous_secret_expires_at',
      'e.disabled_at as endpoint_disabled_at',
      's.webhook_notifications as webhook_notifications',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.state', 'in', ['pending', 'retrying'])
    .orderBy('d.seq')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    endpoint_user_id,
    endpoint_url,
    endpoint_secret_sealed,
    endpoint_previous_secret_sealed,
    endpoint_previous_secret_expires_at,
    endpoint_disabled_at,
    webhook_notifications,
    ...delivery
  } = row;
  return {
    delivery,
    endpoint: {
      id: row.endpoint_id,
      user_id: endpoint_user_id,
      url: endpoint_url,
      secret_sealed: endpoint_secret_sealed,
      previous_secret_sealed: endpoint_previous_secret_sealed,
      previous_secret_expires_at: endpoint_previous_secret_expires_at,
      disabled_at: endpoint_disabled_at,
    },
    paused: webhook_notifications === false,
  };
}

/**
 * Endpoints owing deliveries, turned on, whose owner has not paused them (Settings: webhook_notifications off keeps the
 * deliveries and sends nothing until it is on again).
 */
export const selectEndpointsOwing = (db: Db) =>
  db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .leftJoin('user_settings', 'user_settings.user_id', 'webhook_deliveries.user_id')
    .select('webhook_deliveries.endpoint_id')
    .distinct()
    .where('webhook_deliveries.state', 'in', ['pending', 'retrying'])
    // An endpoint the Coinlane team turned off (Webhook Monitoring) sends nothing until its owner turns it on.
    .where('webhook_endpoints.disabled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('user_settings.webhook_notifications', 'is', null),
        eb('user_settings.webhook_notifications', '=', true),
      ]),
    )
    .execute();

export const selectAttempts = (db: Db, deliveryId: string) =>
  db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt_number')
    .orderBy('created_at')
    .execute();

/** One delivery by its id, with its endpoint's URL and state (the back-office's Webhook Monitoring). */
export const selectDeliveryWithEndpoint = (db: Db, deliveryId: string) =>
  db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select(['webhook_endpoints.url as url', 'webhook_endpoints.disabled_at as endpoint_disabled_at'])
    .where('webhook_deliveries.id', '=', deliveryId)
    .executeTakeFirst();

/** The latest deliveries across merchants and modes, newest first, with their endpoint's URL and state. */
export const selectRecentDeliveries = (db: Db, limit: number) =>
  db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select(['webhook_endpoints.url as url', 'webhook_endpoints.disabled_at as endpoint_disabled_at'])
    .orderBy('webhook_deliveries.seq', 'desc')
    .limit(limit)
    .execute();

export type DeliveryWithEndpoint = NonNullable<Awaited<ReturnType<typeof selectDeliveryWithEndpoint>>>;
