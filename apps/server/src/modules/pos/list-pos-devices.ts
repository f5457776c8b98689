import type { TPosDevice } from '@coinlane/core/api/pos';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { selectPosDevices, toPosDevice } from './queries.ts';

/** GET /pos/devices: the merchant's devices of this mode that are not revoked, newest first. */
export async function listPosDevices({
  db,
  userId,
  mode,
}: {
  db: Db;
  userId: string;
  mode: TMode;
}): Promise<TPosDevice[]> {
  const now = new Date();
  return (await selectPosDevices(db, userId, mode)).map((r) => toPosDevice(r, now));
}
