import type {
  TCreateRefundReply,
  TCreateRefundRequest,
  TPaymentRefunds,
  TRefund,
} from '@coinlane/core/api/refunds';
import { api } from '../../../lib/api-client.ts';

const id = encodeURIComponent;

/** GET /payments/{id}/refunds: the payment's refunds and what is still refundable. */
export const fetchPaymentRefunds = (paymentId: string) =>
  api<TPaymentRefunds>(`/payments/${id(paymentId)}/refunds`);

/** POST /payments/{id}/refunds: a new refund (the customer is e-mailed, or the reply carries the link once). */
export const createRefund = (paymentId: string, body: TCreateRefundRequest) =>
  api<TCreateRefundReply>(`/payments/${id(paymentId)}/refunds`, { method: 'POST', body });

export const cancelRefund = (refundId: string) =>
  api<TRefund>(`/refunds/${id(refundId)}/cancel`, { method: 'POST' });

/** Test mode: the refund transfer played on the test network. */
export const simulateRefund = (refundId: string) =>
  api<TRefund>(`/refunds/${id(refundId)}/simulate`, { method: 'POST' });

/** Where the QR code of a refund awaiting payment is drawn (the session cookie authenticates it). */
export const refundQrUrl = (refundId: string) => `/api/v1/refunds/${id(refundId)}/qr.svg`;
