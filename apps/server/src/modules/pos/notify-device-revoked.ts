import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/**
 * The PostgreSQL channel on which a revoked or re-paired device is announced, so that every process closes the
 * device's live-update sockets at once (modules/live listens, as for payment changes: decision 007).
 */
export const POS_DEVICE_CHANNEL = 'coinlane_pos_device';

/** Announces, inside the caller's transaction (delivered at commit, dropped on rollback), that a device's credential ended. */
export async function notifyDeviceCredentialEnded({ db, deviceId }: { db: Db; deviceId: string }) {
  await sql`select pg_notify(${POS_DEVICE_CHANNEL}, ${JSON.stringify({ deviceId })})`.execute(db);
}

/** A channel payload back to its device id, or null when it is not one of ours. */
export function parseDeviceNotification(payload: string | undefined): { deviceId: string } | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as { deviceId?: unknown };
    return typeof v.deviceId === 'string' ? { deviceId: v.deviceId } : null;
  } catch {
    return null;
  }
}
