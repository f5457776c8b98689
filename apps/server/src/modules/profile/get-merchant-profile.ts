import type { TMerchantProfile } from '@coinlane/core/api/settings';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { selectProfile, toMerchantProfile } from './queries.ts';

/** The caller's own profile (GET /merchant/profile). */
export async function getMerchantProfile({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TMerchantProfile> {
  const row = await selectProfile(db, userId);
  if (!row) throw new AppError('NOT_FOUND', { message: T.notFound });
  return toMerchantProfile(row);
}
