import type { TWebhookAttempt, TWebhookEvent } from '@coinlane/core/api/webhooks';
import type { AttemptRow, DeliveryRow } from './queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentDelivery = (d: DeliveryRow): TWebhookEvent => ({
  id: d.event_id,
  type: d.event_type,
  createdAt: d.event_created_at.toISOString(),
  mode: d.mode,
  deliveryState: d.state,
  attempts: d.attempts,
  lastStatusCode: d.last_status_code,
  lastAttemptAt: iso(d.last_attempt_at),
  nextRetryAt: d.state === 'pending' || d.state === 'retrying' ? iso(d.next_attempt_at) : null,
});

export const presentAttempt = (a: AttemptRow): TWebhookAttempt => ({
  id: a.id,
  attemptNumber: a.attempt_number,
  isResend: a.is_resend,
  statusCode: a.status_code,
  durationMs: a.duration_ms,
  error: a.error,
  responseExcerpt: a.response_excerpt,
  createdAt: a.created_at.toISOString(),
});
