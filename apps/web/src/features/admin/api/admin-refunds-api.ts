import type { TCreateRefundReply, TCreateRefundRequest, TPaymentRefunds } from '@coinlane/core/api/refunds';
import { api } from '../../../lib/api-client.ts';

/** GET /admin/transactions/{id}/refunds (transactions.read). */
export const fetchAdminRefunds = (id: string) =>
  api<TPaymentRefunds>(`/admin/transactions/${encodeURIComponent(id)}/refunds`);

/** POST /admin/transactions/{id}/refund (transactions.refund): Issue Refund. */
export const issueAdminRefund = (id: string, body: TCreateRefundRequest) =>
  api<TCreateRefundReply>(`/admin/transactions/${encodeURIComponent(id)}/refund`, { method: 'POST', body });
