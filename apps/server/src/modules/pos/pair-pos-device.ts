import type { TPosPaired } from '@coinlane/core/api/pos';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { generatePosCredential, hashPairingCode } from './credential.ts';
import { notifyDeviceCredentialEnded } from './notify-device-revoked.ts';

/**
 * POST /pos/pair (public): exchanges a pairing code, once, for the device credential, which is in this reply only
 * (Coinlane keeps its SHA-256). An unknown, used, lapsed or revoked device's code is refused with one message, so
 * the reply tells a guesser nothing. Re-pairing a paired device replaces its credential: the old one stops at once.
 */
export async function pairPosDevice({
  db,
  code,
  secretKey,
  ip,
  now = new Date(),
}: {
  db: Db;
  code: string;
  secretKey: Buffer;
  ip: string | null;
  now?: Date;
}): Promise<TPosPaired> {
  const codeHash = hashPairingCode(secretKey, code);
  return db.transaction().execute(async (trx) => {
    const device = await trx
      .selectFrom('pos_devices')
      .innerJoin('users', 'users.id', 'pos_devices.user_id')
      .selectAll('pos_devices')
      .select('users.status as account_status')
      .where('pos_devices.pairing_code_hash', '=', codeHash)
      .where('pos_devices.revoked_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!device?.pairing_expires_at || device.pairing_expires_at.getTime() <= now.getTime()) {
      throw new AppError('TOKEN_INVALID', { message: T.posPairingCodeInvalid });
    }
    if (device.account_status === 'suspended') {
      throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
    }
    const { credential, credentialPrefix, credentialHash } = generatePosCredential(device.mode);
    await trx
      .updateTable('pos_devices')
      .set({
        credential_prefix: credentialPrefix,
        credential_hash: credentialHash,
        pairing_code_hash: null,
        pairing_expires_at: null,
        paired_at: now,
        updated_at: now,
      })
      .where('id', '=', device.id)
      .execute();
    // A re-pairing: sockets of the replaced credential close.
    if (device.credential_hash) await notifyDeviceCredentialEnded({ db: trx, deviceId: device.id });
    await recordAudit({
      db: trx,
      actorId: device.id,
      actorType: 'pos_device',
      action: 'pos_device.paired',
      entityType: 'pos_device',
      entityId: device.id,
      mode: device.mode,
      after: { credentialPrefix, replaced: device.credential_prefix },
      ip,
    });
    return {
      credential,
      device: {
        id: device.id,
        name: device.name,
        mode: device.mode,
        fiatCurrency: device.fiat_currency as TFiatCode,
      },
    };
  });
}
