import type { TPosDeviceWithPairing } from '@coinlane/core/api/pos';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { makePairing } from './pairing.ts';
import { selectOwnPosDevice, toPosDevice } from './queries.ts';

/**
 * POST /pos/devices/{id}/pairing: a new pairing code for one of the merchant's devices (the previous code stops
 * working). A paired device keeps its credential until the new code is used: then the credential is replaced, the
 * old one refused at once (a tablet replaced at the same counter keeps the device's name and its day's sales).
 */
export async function issuePosPairing({
  db,
  userId,
  mode,
  id,
  secretKey,
  appUrl,
  ip,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  secretKey: Buffer;
  appUrl: string;
  ip: string | null;
  now?: Date;
}): Promise<TPosDeviceWithPairing> {
  const pairing = makePairing({ secretKey, appUrl, now });
  const row = await db.transaction().execute(async (trx) => {
    const device = await selectOwnPosDevice(trx, { id, userId, mode, forUpdate: true });
    if (!device) throw new AppError('NOT_FOUND', { message: T.posDeviceNotFound });
    const updated = await trx
      .updateTable('pos_devices')
      .set({ ...pairing.stored, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'pos_device.pairing_issued',
      entityType: 'pos_device',
      entityId: id,
      mode,
      after: { expiresAt: pairing.shown.expiresAt },
      ip,
    });
    return updated;
  });
  return { device: toPosDevice(row, now), pairing: pairing.shown };
}
