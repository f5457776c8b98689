import { POS_DEVICE_MAX_PER_MODE, type TPosDeviceWithPairing } from '@coinlane/core/api/pos';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { makePairing } from './pairing.ts';
import { countPosDevices, toPosDevice } from './queries.ts';

/**
 * POST /pos/devices: a device of the session's mode, waiting to be paired, and its pairing code (shown this once,
 * valid POS_PAIRING_MINUTES). At most POS_DEVICE_MAX_PER_MODE devices per merchant and mode.
 */
export async function createPosDevice({
  db,
  userId,
  mode,
  name,
  fiatCurrency,
  secretKey,
  appUrl,
  ip,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  name: string;
  fiatCurrency: TFiatCode;
  secretKey: Buffer;
  appUrl: string;
  ip: string | null;
  now?: Date;
}): Promise<TPosDeviceWithPairing> {
  const pairing = makePairing({ secretKey, appUrl, now });
  const row = await db.transaction().execute(async (trx) => {
    // One creation at a time per merchant, so two parallel requests cannot pass the count together.
    await sql`select pg_advisory_xact_lock(hashtext(${`pos_devices:${userId}`}))`.execute(trx);
    if ((await countPosDevices(trx, userId, mode)) >= POS_DEVICE_MAX_PER_MODE) {
      throw new AppError('CONFLICT', { message: T.posDeviceLimitReached(POS_DEVICE_MAX_PER_MODE) });
    }
    const inserted = await trx
      .insertInto('pos_devices')
      .values({
        id: randomId('dev'),
        user_id: userId,
        mode,
        name,
        fiat_currency: fiatCurrency,
        ...pairing.stored,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'pos_device.created',
      entityType: 'pos_device',
      entityId: inserted.id,
      mode,
      after: { name, fiatCurrency },
      ip,
    });
    return inserted;
  });
  return { device: toPosDevice(row, now), pairing: pairing.shown };
}
