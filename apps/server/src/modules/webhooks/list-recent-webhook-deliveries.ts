import type { TAdminWebhookDeliveryList } from '@coinlane/core/api/webhooks';
import type { Db } from '#app/db/connection.ts';
import { getMerchantProfile } from '#app/modules/profile/get-merchant-profile.ts';
import { presentDelivery } from './present.ts';

/** GET /admin/webhooks: the latest 50 deliveries across merchants, with each merchant's label (admin spec). */
export async function listRecentWebhookDeliveries({ db }: { db: Db }): Promise<TAdminWebhookDeliveryList> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select('webhook_endpoints.url as url')
    .orderBy('webhook_deliveries.seq', 'desc')
    .limit(50)
    .execute();
  const labels = new Map<string, string>();
  for (const userId of new Set(rows.map((r) => r.user_id))) {
    const p = await getMerchantProfile({ db, userId }).catch(() => null);
    labels.set(userId, p ? (p.businessName ?? p.name ?? p.email) : userId);
  }
  return {
    items: rows.map((r) => ({
      ...presentDelivery(r),
      merchantId: r.user_id,
      merchantLabel: labels.get(r.user_id) ?? r.user_id,
      url: r.url,
    })),
  };
}
