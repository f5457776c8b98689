import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

const DAY_MS = 24 * 3600_000;

/**
 * The system setting max_daily_transactions (decision 020): a merchant's live payments created in one UTC day (API
 * payments and hosted-page attempts alike; test payments are not counted) stop at the limit, and the next is refused
 * with DAILY_LIMIT_REACHED. Inside the new payment's insert transaction: the merchant's advisory lock
 * (`daily_payments:<user>`) is held until it commits, so two creations at once are counted one after the other and
 * cannot both take the last slot.
 */
export async function assertDailyPaymentLimit({
  db,
  userId,
  mode,
  now,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  now: Date;
}): Promise<void> {
  if (mode !== 'live') return;
  const { general } = await getSystemSettings({ db });
  const limit = general.max_daily_transactions;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`daily_payments:${userId}`}))`.execute(db);
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('mode', '=', 'live')
    .where('created_at', '>=', dayStart)
    .where('created_at', '<', new Date(dayStart.getTime() + DAY_MS))
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= limit) {
    throw new AppError('DAILY_LIMIT_REACHED', { message: T.dailyLimitReached(limit) });
  }
}
