import {
  ADMIN_WEBHOOKS_LIMIT,
  type TAdminWebhookDelivery,
  type TAdminWebhookDeliveryList,
} from '@coinlane/core/api/admin-operations';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { getMerchantProfile } from '#app/modules/profile/get-merchant-profile.ts';
import { type DeliveryWithEndpoint, selectRecentDeliveries } from './queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A delivery as Webhook Monitoring shows it (admin spec 3, 4): delivered is success; pending and retrying are
 * pending, retrying when a next attempt is planned; failed is failed. The mode says whether it is a test or a
 * live event.
 */
export function presentAdminDelivery(
  row: DeliveryWithEndpoint,
  merchantLabel: string,
): TAdminWebhookDelivery {
  const open = row.state === 'pending' || row.state === 'retrying';
  const nextRetryAt = open ? iso(row.next_attempt_at) : null;
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    mode: row.mode,
    merchantId: row.user_id,
    merchantLabel,
    endpointId: row.endpoint_id,
    url: row.url,
    endpointDisabledAt: iso(row.endpoint_disabled_at),
    status: row.state === 'delivered' ? 'success' : row.state === 'failed' ? 'failed' : 'pending',
    retrying: nextRetryAt !== null,
    responseCode: row.last_status_code,
    attempts: row.attempts,
    lastAttemptAt: iso(row.last_attempt_at),
    nextRetryAt,
    createdAt: row.created_at.toISOString(),
  };
}

/** Admin spec 7: the merchant's business name, else its name, else 'Unknown Merchant'. */
export async function merchantLabelOf(db: Db, userId: string): Promise<string> {
  const p = await getMerchantProfile({ db, userId }).catch(() => null);
  return p?.businessName?.trim() || p?.name?.trim() || T.unknownMerchant;
}

/**
 * GET /admin/webhooks: the latest 50 deliveries across merchants and modes, newest first, each with its merchant's
 * label, and how many of them failed (the tab's badge).
 */
export async function listRecentWebhookDeliveries({ db }: { db: Db }): Promise<TAdminWebhookDeliveryList> {
  const rows = await selectRecentDeliveries(db, ADMIN_WEBHOOKS_LIMIT);
  const labels = new Map<string, string>();
  for (const userId of new Set(rows.map((r) => r.user_id)))
    labels.set(userId, await merchantLabelOf(db, userId));
  const items = rows.map((r) => presentAdminDelivery(r, labels.get(r.user_id) ?? T.unknownMerchant));
  return { items, failedCount: items.filter((i) => i.status === 'failed').length };
}
