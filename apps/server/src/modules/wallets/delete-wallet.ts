import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { countEnabledRulesOfWallet, countOpenPayments, selectOwnWallet } from './queries.ts';

/**
 * Deletes a wallet, unless open (pending or partial) payments still receive to it or an enabled payout rule pays
 * its conversions to it. The row stays, marked
 * deleted (payments keep naming it); when it was the default, the oldest other whitelisted wallet of the pair
 * becomes the default.
 */
export async function deleteWallet({
  db,
  userId,
  id,
  ip,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  id: string;
  ip: string | null;
  now?: Date;
}): Promise<{ id: string; deleted: true }> {
  await db.transaction().execute(async (trx) => {
    const row = await selectOwnWallet(trx, { id, userId, forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', { message: T.walletNotFound });
    const open = await countOpenPayments(trx, id);
    if (open > 0) throw new AppError('INVALID_STATE', { message: T.walletInUse(open) });
    // an enabled payout rule pays its conversions here: disabling or deleting it comes first (decision 024)
    const rules = await countEnabledRulesOfWallet(trx, id);
    if (rules > 0) throw new AppError('INVALID_STATE', { message: T.payoutWalletUsedByRule(rules) });
    await trx
      .updateTable('wallets')
      .set({ deleted_at: now, is_default: false, code_hash: null, code_expires_at: null, updated_at: now })
      .where('id', '=', id)
      .execute();
    let promoted: string | null = null;
    if (row.is_default) {
      const next = await trx
        .selectFrom('wallets')
        .select('id')
        .where('user_id', '=', userId)
        .where('currency', '=', row.currency)
        .where('network', '=', row.network)
        .where('verified', '=', true)
        .where('deleted_at', 'is', null)
        .orderBy('verified_at', 'asc')
        .orderBy('id', 'asc')
        .executeTakeFirst();
      if (next) {
        await trx
          .updateTable('wallets')
          .set({ is_default: true, updated_at: now })
          .where('id', '=', next.id)
          .execute();
        promoted = next.id;
      }
    }
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'wallet.deleted',
      entityType: 'wallet',
      entityId: id,
      before: { label: row.label, address: row.address_display, isDefault: row.is_default },
      after: { promotedDefault: promoted },
      ip,
    });
  });
  return { id, deleted: true };
}
