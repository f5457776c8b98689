import type { TPublicRefund, TRefund } from '@coinlane/core/api/refunds';
import { formatUnits } from '@coinlane/core/money';
import { buildPaymentUri } from '@coinlane/core/payment-uri';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { RefundRow } from './queries.ts';

const REQUESTER = { admin: 'admin', user: 'user', api_key: 'api_key' } as const;

/** What the merchant's wallet pays: BIP21 or EIP-681 of the exact amount to the customer's address. */
export function refundPaymentUri(row: RefundRow): string | null {
  if (row.status !== 'awaiting_payment' || !row.address) return null;
  const net = networkInfo(row.network);
  return buildPaymentUri({
    symbol: row.currency,
    network: row.network,
    family: net.family,
    chainId: row.chain_id ?? net.chainId,
    contractAddress: row.contract_address,
    address: row.address,
    amount: BigInt(row.amount),
    decimals: row.decimals,
    message: `Refund ${row.id}`,
  });
}

/** A refund as the merchant's API and screens show it (the token is never shown: only its hash is kept). */
export function presentRefund(row: RefundRow): TRefund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    mode: row.mode,
    status: row.status,
    network: row.network,
    currency: row.currency,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    address: row.address,
    addressGivenAt: row.address_given_at?.toISOString() ?? null,
    paymentUri: refundPaymentUri(row),
    customerNotified: row.customer_notified,
    linkExpiresAt: row.token_expires_at.toISOString(),
    requestedBy: REQUESTER[row.requested_by_type],
    reason: row.reason,
    txid: row.paid_txid,
    paidAt: row.paid_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A refund as the customer's page shows it. */
export function presentPublicRefund(row: RefundRow, merchantName: string): TPublicRefund {
  return {
    status: row.status,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    currency: row.currency,
    network: row.network,
    networkName: networkInfo(row.network).name,
    merchantName,
    reason: row.reason,
    address: row.address,
    txid: row.paid_txid,
    linkExpiresAt: row.token_expires_at.toISOString(),
    mode: row.mode,
  };
}

/** What the merchant's refund mails say of a refund: its id, payment, mode, amount with its coin, network. */
export const refundMailFacts = (row: RefundRow) => ({
  id: row.id,
  paymentId: row.payment_id,
  test: row.mode === 'test',
  amount: `${formatUnits(BigInt(row.amount), row.decimals)} ${row.currency}`,
  networkName: networkInfo(row.network).name,
});

/** The payment of a refund on the merchant's Transactions page (its search finds the payment by id). */
export const transactionUrl = (appUrl: string, paymentId: string) =>
  `${appUrl}/transactions?search=${encodeURIComponent(paymentId)}`;
