import type { TKyc, TKycDocument, TKycDocumentKind } from '@coinlane/core/api/kyc';
import { api } from '../../../lib/api-client.ts';

export const kycKey = ['merchant', 'kyc'] as const;

export const fetchKyc = () => api<TKyc>('/merchant/kyc');

/** POST /merchant/kyc/documents?kind=…: the file in the field `document`. */
export function uploadKycDocument(kind: TKycDocumentKind, file: File) {
  const form = new FormData();
  form.append('document', file);
  return api<TKycDocument>(`/merchant/kyc/documents?kind=${encodeURIComponent(kind)}`, {
    method: 'POST',
    form,
  });
}

export const deleteKycDocument = (id: string) =>
  api<{ id: string; deleted: true }>(`/merchant/kyc/documents/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** The document as an attachment: a plain link downloads it with the session cookie. */
export const kycDocumentUrl = (id: string) => `/api/v1/merchant/kyc/documents/${encodeURIComponent(id)}/file`;
