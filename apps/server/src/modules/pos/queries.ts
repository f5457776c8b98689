import type { TPosDevice } from '@coinlane/core/api/pos';
import type { TFiatCode } from '@coinlane/core/currencies';
import type { TMode } from '@coinlane/core/options';
import { type Selectable, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PosDevicesTable } from '#app/db/schema.ts';

export type PosDeviceRow = Selectable<PosDevicesTable>;

/** The merchant's view of a device: never its credential hash nor its pairing code. */
export function toPosDevice(row: PosDeviceRow, now = new Date()): TPosDevice {
  const pairingOpen = row.pairing_expires_at !== null && row.pairing_expires_at.getTime() > now.getTime();
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    fiatCurrency: row.fiat_currency as TFiatCode,
    status: row.credential_hash ? 'paired' : pairingOpen ? 'pairing' : 'pairing_expired',
    credentialPrefix: row.credential_prefix,
    pairingExpiresAt: pairingOpen ? row.pairing_expires_at!.toISOString() : null,
    pairedAt: row.paired_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** A merchant's devices of one mode that are not revoked, newest first. */
export function selectPosDevices(db: Db, userId: string, mode: TMode) {
  return db
    .selectFrom('pos_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countPosDevices(db: Db, userId: string, mode: TMode): Promise<number> {
  const row = await db
    .selectFrom('pos_devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One device of the merchant in this mode, not revoked (locked when asked); undefined otherwise. */
export function selectOwnPosDevice(
  db: Db,
  { id, userId, mode, forUpdate = false }: { id: string; userId: string; mode: TMode; forUpdate?: boolean },
) {
  let q = db
    .selectFrom('pos_devices')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The device holding this credential, with its account's status (any state: the caller decides). */
export function selectPosDeviceByCredential(db: Db, credentialHash: string) {
  return db
    .selectFrom('pos_devices')
    .innerJoin('users', 'users.id', 'pos_devices.user_id')
    .select([
      'pos_devices.id',
      'pos_devices.user_id',
      'pos_devices.mode',
      'pos_devices.name',
      'pos_devices.fiat_currency',
      'pos_devices.last_used_at',
      'pos_devices.revoked_at',
      'users.status',
    ])
    .where('pos_devices.credential_hash', '=', credentialHash)
    .executeTakeFirst();
}

/** Records a use, at most once per `everyMs` (the counter's polling must not write on every call). */
export async function touchPosDevice(db: Db, id: string, everyMs: number) {
  await db
    .updateTable('pos_devices')
    .set({ last_used_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(Date.now() - everyMs))]),
    )
    .execute();
}

/** The device's sales since `since`, newest first (ids and times only: the payments module presents them). */
export function selectDeviceSaleIds(db: Db, deviceId: string, since: Date, limit: number) {
  return db
    .selectFrom('pos_sales')
    .select(['payment_id', 'created_at'])
    .where('device_id', '=', deviceId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('payment_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Totals of the device's sales since `since`: how many, how many confirmed and their fiat amount (exact numeric sum,
 * as text). Reads the payments the device rang up (their status and fiat amount).
 */
export async function sumDeviceSales(db: Db, deviceId: string, since: Date) {
  const row = await db
    .selectFrom('pos_sales')
    .innerJoin('payments', 'payments.id', 'pos_sales.payment_id')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`count(*) filter (where payments.status = 'confirmed')`.as('confirmed_count'),
      sql<string>`coalesce(sum(payments.fiat_amount) filter (where payments.status = 'confirmed'), 0)::text`.as(
        'confirmed_amount',
      ),
    ])
    .where('pos_sales.device_id', '=', deviceId)
    .where('pos_sales.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    confirmedCount: Number(row.confirmed_count),
    confirmedAmount: row.confirmed_amount,
  };
}

/** The sale of this payment, if a device rang it up. */
export function selectSale(db: Db, paymentId: string) {
  return db.selectFrom('pos_sales').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}
