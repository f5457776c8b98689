import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectKycAccount } from './queries.ts';

/**
 * Deletes one of the caller's documents (DELETE /merchant/kyc/documents/:id) while the account is not verified
 * (409 after: the verified set stays as reviewed). Another account's document is 404. Audited.
 */
export async function deleteKycDocument({
  db,
  userId,
  documentId,
  ip,
}: {
  db: Db;
  userId: string;
  documentId: string;
  ip: string | null;
}): Promise<{ id: string; deleted: true }> {
  return db.transaction().execute(async (trx) => {
    const account = await selectKycAccount(trx, userId, { forUpdate: true });
    if (!account) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    const row = await trx
      .selectFrom('kyc_documents')
      .select(['id', 'kind', 'file_name'])
      .where('id', '=', documentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: T.kycDocumentNotFound });
    if (account.kyc_status === 'verified')
      throw new AppError('INVALID_STATE', { message: T.kycAlreadyVerified });
    await trx.deleteFrom('kyc_documents').where('id', '=', row.id).execute();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'kyc_document.deleted',
      entityType: 'kyc_document',
      entityId: row.id,
      before: { userId, kind: row.kind, fileName: row.file_name },
      after: null,
      ip,
    });
    return { id: row.id, deleted: true as const };
  });
}
