import type { TWallet } from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { gapLimitNeeded } from './gap-limit.ts';
import { presentWallet } from './present-wallet.ts';
import { selectOwnWallet } from './queries.ts';

/** Makes a whitelisted wallet the default of its (currency, network); the previous default stops being one. */
export async function setDefaultWallet({
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
}): Promise<TWallet> {
  return db.transaction().execute(async (trx) => {
    const row = await selectOwnWallet(trx, { id, userId, forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', { message: T.walletNotFound });
    if (!row.verified) throw new AppError('INVALID_STATE', { message: T.walletDefaultNeedsVerified });
    if (row.is_default) return presentWallet(row, await gapLimitNeeded(trx, row.id));
    const previous = await trx
      .updateTable('wallets')
      .set({ is_default: false, updated_at: now })
      .where('user_id', '=', userId)
      .where('currency', '=', row.currency)
      .where('network', '=', row.network)
      .where('is_default', '=', true)
      .returning('id')
      .executeTakeFirst();
    const updated = await trx
      .updateTable('wallets')
      .set({ is_default: true, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'wallet.default_set',
      entityType: 'wallet',
      entityId: id,
      before: { defaultWalletId: previous?.id ?? null },
      after: { defaultWalletId: id },
      ip,
    });
    return presentWallet(updated, await gapLimitNeeded(trx, updated.id));
  });
}
