import type { TWebhookEventDetail } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { presentAttempt, presentDelivery } from './present.ts';
import { selectAttempts, selectOwnDelivery } from './queries.ts';

/** GET /webhooks/events/{id}: one of the caller's events with its body and every attempt; others' are 404. */
export async function getWebhookEvent({
  db,
  userId,
  mode,
  eventId,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  eventId: string;
}): Promise<TWebhookEventDetail> {
  const delivery = await selectOwnDelivery(db, userId, mode, eventId);
  if (!delivery) throw new AppError('NOT_FOUND', { message: T.webhookEventNotFound });
  const attempts = await selectAttempts(db, delivery.id);
  return {
    ...presentDelivery(delivery),
    payload: JSON.parse(delivery.body) as Record<string, unknown>,
    attempts: attempts.map(presentAttempt),
  };
}
