import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { deleteCatalogueRow, findCatalogueRow } from '#app/modules/currencies/manage-catalogue.ts';
import { countCurrencyLinks } from '#app/modules/payment-links/count-currency-links.ts';
import { countCurrencyPayments } from '#app/modules/payments/count-currency-payments.ts';
import { auditFields } from './present-cryptocurrency.ts';

/**
 * DELETE /admin/cryptocurrencies/{id} (settings.write; the page asks for confirmation first). Refused (409) while
 * any payment or payment link, of either mode and in any state, is in the row's coin and network: their amounts
 * are in its base units and the watcher reads its contract, and money records are never orphaned. Disabling is the
 * way to stop offering such a coin. Checked under the row's lock, which a payment being created waits for. Audited.
 */
export async function deleteCryptocurrency({
  db,
  id,
  actorId,
  ip,
}: {
  db: Db;
  id: string;
  actorId: string;
  ip: string | null;
}): Promise<{ id: string; deleted: true }> {
  return db.transaction().execute(async (trx) => {
    const before = await findCatalogueRow({ db: trx, id, forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', { message: T.cryptoNotFound });
    const key = { db: trx, symbol: before.symbol, network: before.network };
    const payments = await countCurrencyPayments(key);
    const links = await countCurrencyLinks(key);
    if (payments.total > 0 || links > 0) {
      throw new AppError('INVALID_STATE', { message: T.cryptoInUse(payments.total, links) });
    }
    await deleteCatalogueRow({ db: trx, id });
    await recordAudit({
      db: trx,
      actorId,
      actorType: 'admin',
      action: 'cryptocurrency.deleted',
      entityType: 'cryptocurrency',
      entityId: id,
      before: auditFields(before),
      ip,
    });
    return { id, deleted: true as const };
  });
}
