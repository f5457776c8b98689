import { KYC_MAX_DOCUMENTS, type TKycDocument, type TKycDocumentKind } from '@coinlane/core/api/kyc';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import type { Kysely } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { Database } from '#app/db/schema.ts';
import { sealBytes } from '#app/lib/secret-box.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { detectDocumentType } from './document-type.ts';
import { cleanFileName } from './file-name.ts';
import { type KycAccountRow, sealContext, selectKycAccount, toKycDocument } from './queries.ts';

/** Why the account may not add a document now (KYC off, already verified, too many), or nothing. */
async function refusal(db: Kysely<Database>, account: KycAccountRow): Promise<AppError | null> {
  const { general } = await getSystemSettings({ db });
  if (general.kyc_required !== true) return new AppError('INVALID_STATE', { message: T.kycNotRequired });
  if (account.kyc_status === 'verified')
    return new AppError('INVALID_STATE', { message: T.kycAlreadyVerified });
  const { n } = await db
    .selectFrom('kyc_documents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', account.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= KYC_MAX_DOCUMENTS)
    return new AppError('INVALID_STATE', { message: T.kycTooMany(KYC_MAX_DOCUMENTS) });
  return null;
}

/**
 * Checks, before an upload is read, that the account may add a document: the platform requires KYC, the
 * account is not verified yet and holds fewer than KYC_MAX_DOCUMENTS. uploadKycDocument checks again.
 */
export async function checkKycUpload({ db, userId }: { db: Db; userId: string }): Promise<void> {
  const account = await selectKycAccount(db, userId);
  if (!account) throw new AppError('NOT_FOUND', { message: T.userNotFound });
  const refused = await refusal(db, account);
  if (refused) throw refused;
}

/**
 * Stores a KYC document of the caller (POST /merchant/kyc/documents): the bytes must be a PDF, JPEG or PNG by their
 * first bytes (the name and the declared type are not trusted, and not asked for); they are sealed with
 * AES-256-GCM under the server's key, bound to the document and account ids, and stored in PostgreSQL. The
 * original name is kept as text only. A document added after a rejection puts the account back in review
 * (kyc_status pending). The size limit is enforced while the upload is read (routes.ts). Audited without the
 * content.
 */
export async function uploadKycDocument({
  db,
  secretKey,
  userId,
  kind,
  bytes,
  fileName,
  ip,
}: {
  db: Db;
  secretKey: Buffer;
  userId: string;
  kind: TKycDocumentKind;
  bytes: Uint8Array;
  fileName: string | null;
  ip: string | null;
}): Promise<TKycDocument> {
  const type = detectDocumentType(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: T.kycTypeNotAllowed });
  const id = randomId('kyc');
  const sealed = sealBytes(secretKey, bytes, sealContext(id, userId));
  const name = cleanFileName(fileName);
  return db.transaction().execute(async (trx) => {
    const account = await selectKycAccount(trx, userId, { forUpdate: true });
    if (!account) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    const refused = await refusal(trx, account);
    if (refused) throw refused;
    const row = await trx
      .insertInto('kyc_documents')
      .values({
        id,
        user_id: userId,
        kind,
        file_name: name,
        content_type: type,
        size_bytes: bytes.length,
        sealed,
      })
      .returning(['id', 'kind', 'file_name', 'content_type', 'size_bytes', 'created_at'])
      .executeTakeFirstOrThrow();
    // New documents after a rejection are a new submission: the account is in review again.
    const kycStatus = account.kyc_status === 'rejected' ? 'pending' : account.kyc_status;
    if (kycStatus !== account.kyc_status) {
      await trx
        .updateTable('users')
        .set({ kyc_status: kycStatus, kyc_rejection_reason: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    }
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'kyc_document.uploaded',
      entityType: 'kyc_document',
      entityId: id,
      before: { kycStatus: account.kyc_status },
      after: { userId, kind, fileName: name, contentType: type, size: bytes.length, kycStatus },
      ip,
    });
    return toKycDocument(row);
  });
}
