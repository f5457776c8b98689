import type { TRevokedPosDevice } from '@coinlane/core/api/pos';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { notifyDeviceCredentialEnded } from './notify-device-revoked.ts';
import { selectOwnPosDevice } from './queries.ts';

/**
 * DELETE /pos/devices/{id}: the device's credential and any open pairing code stop working at once (credentials
 * are looked up on every request), and its live-update sockets are closed on every process. The row stays, with
 * its sales, for the audit trail. Another merchant's device, or one of the other mode, is a 404.
 */
export async function revokePosDevice({
  db,
  userId,
  mode,
  id,
  ip,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  ip: string | null;
  now?: Date;
}): Promise<TRevokedPosDevice> {
  return db.transaction().execute(async (trx) => {
    const device = await selectOwnPosDevice(trx, { id, userId, mode, forUpdate: true });
    if (!device) throw new AppError('NOT_FOUND', { message: T.posDeviceNotFound });
    await trx
      .updateTable('pos_devices')
      .set({ revoked_at: now, pairing_code_hash: null, pairing_expires_at: null, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'pos_device.revoked',
      entityType: 'pos_device',
      entityId: id,
      mode,
      before: { name: device.name, credentialPrefix: device.credential_prefix },
      ip,
    });
    await notifyDeviceCredentialEnded({ db: trx, deviceId: id });
    return { id, revokedAt: now.toISOString() };
  });
}
