import type { TKyc, TSetKycStatusRequest } from '@coinlane/core/api/kyc';
import { api } from '../../../lib/api-client.ts';

export const adminKycKey = (userId: string) => ['admin', 'users', userId, 'kyc'] as const;

/** GET /admin/users/:id/kyc (users.read): the account's KYC status and submitted documents. */
export const fetchUserKyc = (userId: string, signal?: AbortSignal) =>
  api<TKyc>(`/admin/users/${encodeURIComponent(userId)}/kyc`, { signal });

/** PUT /admin/users/:id/kyc (users.verify): verified, or rejected with the reason mailed to the merchant. */
export const setUserKyc = (userId: string, body: TSetKycStatusRequest) =>
  api<TKyc>(`/admin/users/${encodeURIComponent(userId)}/kyc`, { method: 'PUT', body });

/** The document as an attachment (each view is audited on the server). */
export const userKycDocumentUrl = (userId: string, documentId: string) =>
  `/api/v1/admin/users/${encodeURIComponent(userId)}/kyc/documents/${encodeURIComponent(documentId)}/file`;
