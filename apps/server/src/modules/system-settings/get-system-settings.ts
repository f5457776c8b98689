import {
  SETTING_CATEGORY,
  SYSTEM_SETTING_DEFAULTS,
  type TSystemSettings,
} from '@coinlane/core/system-settings';
import type { Db } from '#app/db/connection.ts';
import { readCachesOf } from '#app/db/read-caches.ts';

/**
 * All system settings: stored values over the admin spec's defaults. Kept by the process's read cache outside a
 * transaction (db/read-caches.ts: a change reaches every process at its commit, within a second at worst). The
 * settings are frozen, to the last level, cached or not, and what the cache keeps is handed to every caller as it is:
 * a caller only reads them (a write would throw, wherever it runs). A copy per call cost 2.5 % of the server's CPU per API payment, which reads them three times
 * (decision 035).
 */
export async function getSystemSettings({ db }: { db: Db }): Promise<TSystemSettings> {
  const cache = readCachesOf(db)?.cache<TSystemSettings>('system_settings');
  const read = async () => deepFreeze(await readSystemSettings(db));
  return cache ? cache.get('', read) : read();
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

async function readSystemSettings(db: Db): Promise<TSystemSettings> {
  const rows = await db.selectFrom('system_settings').select(['category', 'key', 'value']).execute();
  const out = structuredClone(SYSTEM_SETTING_DEFAULTS) as unknown as Record<string, Record<string, unknown>>;
  for (const row of rows) {
    if (SETTING_CATEGORY[row.key] !== row.category) continue;
    try {
      out[row.category]![row.key] = JSON.parse(row.value);
    } catch {
      // a malformed stored value falls back to the default
    }
  }
  return out as unknown as TSystemSettings;
}
