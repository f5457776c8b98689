import type { TPublicRefund } from '@coinlane/core/api/refunds';
import { api } from '../../../lib/api-client.ts';

/** POST /refund-requests/view: the refund the link opens (the token in the body, never in a URL the server logs). */
export const viewRefund = (token: string) =>
  api<TPublicRefund>('/refund-requests/view', { method: 'POST', body: { token }, redirectOn401: false });

/** POST /refund-requests/address: the customer's refund address, once. */
export const giveRefundAddress = (token: string, address: string) =>
  api<TPublicRefund>('/refund-requests/address', {
    method: 'POST',
    body: { token, address },
    redirectOn401: false,
  });
