import { ACTIVE_ALERTS_LIMIT, type TSystemAlertList } from '@coinlane/core/api/admin-operations';
import type { Db } from '#app/db/connection.ts';
import { presentAlert } from './present-alert.ts';

/** GET /admin/alerts: the 10 newest active alerts (admin spec 7, 9) and how many are active in all. */
export async function listSystemAlerts({ db }: { db: Db }): Promise<TSystemAlertList> {
  const rows = await db
    .selectFrom('system_alerts')
    .selectAll()
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIVE_ALERTS_LIMIT)
    .execute();
  const count = await db
    .selectFrom('system_alerts')
    .select((e) => e.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirst();
  return { items: rows.map(presentAlert), activeCount: Number(count?.n ?? 0) };
}
