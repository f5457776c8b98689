import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

/** The admin's webhook settings: timeout (seconds, default 30) and automatic retries (default 3). */
export async function getWebhookSettings({
  db,
}: {
  db: Db;
}): Promise<{ timeoutMs: number; retries: number }> {
  const s = await getSystemSettings({ db });
  const timeout = Number(s.api.webhook_timeout);
  const retries = Number(s.api.webhook_retries);
  return {
    timeoutMs: Math.round((Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 300) : 30) * 1000),
    retries: Number.isInteger(retries) && retries >= 0 ? Math.min(retries, 20) : 3,
  };
}
