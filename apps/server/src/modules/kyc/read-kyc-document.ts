import type { TKycDocumentKind, TKycDocumentType } from '@coinlane/core/api/kyc';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { openBytes } from '#app/lib/secret-box.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { downloadName } from './file-name.ts';
import { sealContext, selectKycAccount, selectSealedDocument } from './queries.ts';

export type KycDocumentFile = {
  bytes: Buffer;
  contentType: TKycDocumentType;
  /** The name to download it under: the original name with the extension of the type found. */
  fileName: string;
  kind: TKycDocumentKind;
};

/**
 * Opens one document of `userId` for a viewer: the owner (GET /merchant/kyc/documents/:id/file) or an admin with
 * users.read (GET /admin/users/:id/kyc/documents/:documentId/file). A document of another account, or of a deleted
 * one, is 404 whoever asks. Every view writes an audit row (who viewed which document) before the bytes go out.
 */
export async function readKycDocument({
  db,
  secretKey,
  userId,
  documentId,
  viewer,
  ip,
}: {
  db: Db;
  secretKey: Buffer;
  userId: string;
  documentId: string;
  viewer: { id: string; type: 'user' | 'admin' };
  ip: string | null;
}): Promise<KycDocumentFile> {
  const account = await selectKycAccount(db, userId);
  const row = account ? await selectSealedDocument(db, userId, documentId) : undefined;
  if (!row) throw new AppError('NOT_FOUND', { message: T.kycDocumentNotFound });
  const bytes = openBytes(secretKey, row.sealed, sealContext(row.id, userId));
  await recordAudit({
    db,
    actorId: viewer.id,
    actorType: viewer.type,
    action: 'kyc_document.viewed',
    entityType: 'kyc_document',
    entityId: row.id,
    after: { userId, kind: row.kind, fileName: row.file_name, by: viewer.id === userId ? 'owner' : 'admin' },
    ip,
  });
  return {
    bytes,
    contentType: row.content_type,
    fileName: downloadName(row.file_name, row.content_type),
    kind: row.kind,
  };
}
