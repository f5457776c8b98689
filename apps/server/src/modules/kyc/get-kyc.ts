import type { TKyc } from '@coinlane/core/api/kyc';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { selectDocuments, selectKycAccount, toKyc } from './queries.ts';

/**
 * An account's KYC status and documents (GET /merchant/kyc for the owner, GET /admin/users/:id/kyc for an admin
 * with users.read), with whether the platform requires KYC now. 404 for an unknown or deleted account.
 */
export async function getKyc({ db, userId }: { db: Db; userId: string }): Promise<TKyc> {
  const account = await selectKycAccount(db, userId);
  if (!account) throw new AppError('NOT_FOUND', { message: T.userNotFound });
  const [documents, { general }] = await Promise.all([
    selectDocuments(db, userId),
    getSystemSettings({ db }),
  ]);
  return toKyc(account, documents, general.kyc_required === true);
}
