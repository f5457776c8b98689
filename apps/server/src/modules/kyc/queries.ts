import {
  KYC_DOCUMENT_MAX_BYTES,
  KYC_MAX_DOCUMENTS,
  type TKyc,
  type TKycDocument,
} from '@coinlane/core/api/kyc';
import type { Kysely, Selectable } from 'kysely';
import type { Database, KycDocumentsTable } from '#app/db/schema.ts';

/** An account's KYC review state (not deleted); `forUpdate` locks the account's row. */
export function selectKycAccount(db: Kysely<Database>, userId: string, { forUpdate = false } = {}) {
  let q = db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.kyc_status',
      'users.kyc_rejection_reason',
      'users.kyc_reviewed_at',
      'user_profiles.admin_role',
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type KycAccountRow = NonNullable<Awaited<ReturnType<typeof selectKycAccount>>>;

/** The account's documents without their content, newest first. */
export function selectDocuments(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('kyc_documents')
    .select(['id', 'kind', 'file_name', 'content_type', 'size_bytes', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
type DocumentRow = Omit<Selectable<KycDocumentsTable>, 'sealed' | 'user_id'>;

/** One document of the account, with its sealed content; undefined when it is not that account's. */
export function selectSealedDocument(db: Kysely<Database>, userId: string, documentId: string) {
  return db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export const toKycDocument = (row: DocumentRow): TKycDocument => ({
  id: row.id,
  kind: row.kind,
  fileName: row.file_name,
  contentType: row.content_type,
  size: row.size_bytes,
  uploadedAt: row.created_at.toISOString(),
});

export function toKyc(account: KycAccountRow, documents: readonly DocumentRow[], required: boolean): TKyc {
  return {
    required,
    status: account.kyc_status,
    rejectionReason: account.kyc_status === 'rejected' ? account.kyc_rejection_reason : null,
    reviewedAt: account.kyc_reviewed_at ? account.kyc_reviewed_at.toISOString() : null,
    documents: documents.map(toKycDocument),
    maxDocuments: KYC_MAX_DOCUMENTS,
    maxBytes: KYC_DOCUMENT_MAX_BYTES,
  };
}

/** The additional data a document's content is sealed with: a sealed value copied to another row does not open. */
export const sealContext = (documentId: string, userId: string) => `kyc:${documentId}:${userId}`;
