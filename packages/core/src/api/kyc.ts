import { z } from 'zod';
import { KYC_STATUSES } from '../options.ts';
import { T } from '../texts.ts';

// ---------------------------------------------------------------------------------------------------------
// KYC documents (issue 16, decision 019): a merchant's identity and business documents, uploaded from Settings
// while the system setting kyc_required is on, reviewed by an admin with users.verify.

/** What a document is. Shown with underscores as spaces (admin spec 2), translated in the web app. */
export const KYC_DOCUMENT_KINDS = ['identity', 'proof_of_address', 'business_registration'] as const;
export type TKycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/** The types accepted, judged by the file's first bytes (never by its name or the declared type). */
export const KYC_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TKycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** At most 10 MB per document, enforced while the upload is read. */
export const KYC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many documents per account (a bound on what one account can store). */
export const KYC_MAX_DOCUMENTS = 10;
/** The original file name is kept as text only, at most this long (longer names are cut, keeping the extension). */
export const KYC_FILE_NAME_MAX = 160;
/** A rejection's reason, e-mailed to the merchant. */
export const KYC_REASON_MAX = 1000;

export const ZKycDocument = z.object({
  id: z.string(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  /** The name the file had on the merchant's computer, as text only (never used as a path). */
  fileName: z.string(),
  /** The type found in the file's bytes. */
  contentType: z.enum(KYC_DOCUMENT_TYPES),
  size: z.number().int().meta({ description: 'Bytes.' }),
  uploadedAt: z.string(),
});
export type TKycDocument = z.infer<typeof ZKycDocument>;

/** The account's KYC state and its documents, newest first: what the merchant's Settings and the admin see. */
export const ZKyc = z.object({
  /** The system setting kyc_required: uploads are taken only while it is on. */
  required: z.boolean(),
  status: z.enum(KYC_STATUSES),
  /** Why the documents were rejected (only while rejected). */
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  documents: z.array(ZKycDocument),
  maxDocuments: z.number().int(),
  maxBytes: z.number().int(),
});
export type TKyc = z.infer<typeof ZKyc>;

export const ZUploadKycDocumentQuery = z.object({
  kind: z.enum(KYC_DOCUMENT_KINDS, { error: T.kycKindInvalid }),
});

export const ZKycDocumentParams = z.object({ id: z.string().trim().min(1).max(100) });
export const ZAdminKycDocumentParams = z.object({
  id: z.string().trim().min(1).max(100),
  documentId: z.string().trim().min(1).max(100),
});

/** PUT /admin/users/:id/kyc (users.verify): verified, or rejected with the reason mailed to the merchant. */
export const ZSetKycStatusRequest = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('verified') }).strict(),
    z
      .object({
        status: z.literal('rejected'),
        reason: z
          .string({ error: T.kycReasonRequired })
          .trim()
          .min(1, T.kycReasonRequired)
          .max(KYC_REASON_MAX, T.kycReasonTooLong(KYC_REASON_MAX)),
      })
      .strict(),
  ],
  { error: T.kycStatusInvalid },
);
export type TSetKycStatusRequest = z.infer<typeof ZSetKycStatusRequest>;
