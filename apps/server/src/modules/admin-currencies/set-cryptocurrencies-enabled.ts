import type { TCryptocurrency } from '@coinlane/core/api/admin-cryptocurrencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { findCatalogueRow, setCatalogueEnabled } from '#app/modules/currencies/manage-catalogue.ts';
import { presentCryptocurrency } from './present-cryptocurrency.ts';

/**
 * Enabling and disabling (settings.write). A disabled row is no longer offered: payment link and payment creation
 * refuse it, and the merchant's currency lists and the public overview leave it out; payments already under way in
 * it are still watched and credited (the watchers do not look at enabled). One audit row per row changed.
 */
export async function setCryptocurrenciesEnabled({
  db,
  ids,
  enabled,
  actorId,
  ip,
  now = new Date(),
}: {
  db: Db;
  ids: readonly string[];
  enabled: boolean;
  actorId: string;
  ip: string | null;
  now?: Date;
}): Promise<{ updated: number }> {
  const run = async (trx: Db) => {
    const changed = await setCatalogueEnabled({ db: trx, ids: [...new Set(ids)], enabled, now });
    for (const row of changed) {
      await recordAudit({
        db: trx,
        actorId,
        actorType: 'admin',
        action: enabled ? 'cryptocurrency.enabled' : 'cryptocurrency.disabled',
        entityType: 'cryptocurrency',
        entityId: row.id,
        before: { enabled: row.enabled },
        after: { enabled },
        ip,
      });
    }
    return { updated: changed.length };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** POST /admin/cryptocurrencies/{id}/toggle: flips enabled under the row's lock; 404 'Cryptocurrency not found'. */
export async function toggleCryptocurrency({
  db,
  config,
  id,
  actorId,
  ip,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  id: string;
  actorId: string;
  ip: string | null;
  now?: Date;
}): Promise<TCryptocurrency> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await findCatalogueRow({ db: trx, id, forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', { message: T.cryptoNotFound });
    await setCryptocurrenciesEnabled({ db: trx, ids: [id], enabled: !before.enabled, actorId, ip, now });
    return findCatalogueRow({ db: trx, id });
  });
  return presentCryptocurrency(row!, config);
}
