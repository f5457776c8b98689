import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { DeviceAuth } from '#app/modules/auth/caller.ts';
import { getSessionUser } from '#app/modules/profile/get-session-user.ts';
import { hashPosCredential, modeOfPosCredential } from './credential.ts';
import { selectPosDeviceByCredential, touchPosDevice } from './queries.ts';

/** last_used_at is written at most this often per device. */
export const DEVICE_LAST_USED_EVERY_MS = 60_000;

/**
 * The device behind `Authorization: Bearer cl_pos_...`, looked up on every request (never cached: a revocation
 * acts at once on every process). Refuses (401) a malformed, unknown, revoked or replaced credential, and (403) a
 * device of a suspended account or a live device of an account that is not approved.
 */
export async function authenticatePosDevice({
  db,
  credential,
}: {
  db: Db;
  credential: string;
}): Promise<DeviceAuth> {
  if (!modeOfPosCredential(credential)) throw new AppError('UNAUTHORIZED', { message: T.posDeviceInvalid });
  const row = await selectPosDeviceByCredential(db, hashPosCredential(credential));
  if (!row) throw new AppError('UNAUTHORIZED', { message: T.posDeviceInvalid });
  if (row.revoked_at) throw new AppError('UNAUTHORIZED', { message: T.posDeviceRevoked });
  if (row.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
  if (row.mode === 'live' && row.status !== 'active') {
    throw new AppError('LIVE_MODE_NOT_ALLOWED', { message: T.liveModeNeedsApproval });
  }
  const user = await getSessionUser({ db, userId: row.user_id, mode: row.mode });
  if (!user) throw new AppError('UNAUTHORIZED', { message: T.posDeviceInvalid });
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > DEVICE_LAST_USED_EVERY_MS) {
    await touchPosDevice(db, row.id, DEVICE_LAST_USED_EVERY_MS);
  }
  const auth: Omit<DeviceAuth, 'sessionId'> = {
    kind: 'device',
    deviceId: row.id,
    deviceName: row.name,
    fiatCurrency: row.fiat_currency as TFiatCode,
    user,
    mode: row.mode,
    permissions: [],
  };
  return auth as DeviceAuth;
}
