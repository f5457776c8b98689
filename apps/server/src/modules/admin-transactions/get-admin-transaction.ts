import {
  adminTransactionStatusWithRefunds,
  type TAdminTransactionDetails,
} from '@coinlane/core/api/admin-transactions';
import { AppError } from '@coinlane/core/errors';
import { formatUnits, shareOfFiat } from '@coinlane/core/money';
import { amountExcess } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { listEntityAuditTrail } from '#app/modules/audit/list-entity-audit-trail.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { findPlatformFee } from '#app/modules/fees/find-platform-fee.ts';
import { withExpiryApplied } from '#app/modules/payments/expire-due-payments.ts';
import { findPlatformPayment } from '#app/modules/payments/find-platform-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { paymentState } from '#app/modules/payments/present-payment.ts';
import { listPaymentPayers } from '#app/modules/transfers/list-payment-payers.ts';
import { listPaymentTransfers, presentTransfer } from '#app/modules/transfers/list-payment-transfers.ts';
import { refundStateOf, riskOf } from './present-admin-transaction.ts';
import { merchantOf, selectMerchants } from './queries.ts';

/**
 * GET /admin/transactions/:id: a payment of any merchant, in either mode, as the details dialog shows it
 * (admin spec 2): Transaction Information, Merchant & Customer, Risk Assessment, Fee Information, the transfers
 * seen on chain and the audit trail of the payment and of its platform fee (newest first). 404 for an unknown id.
 */
export async function getAdminTransaction({
  deps,
  db,
  paymentId,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  now?: Date;
}): Promise<TAdminTransactionDetails> {
  const found = await findPlatformPayment({ db, paymentId });
  if (!found) throw new AppError('NOT_FOUND', { message: T.transactionNotFound });
  // As every read of a payment: a lapsed price lock is settled first (decision 005).
  const row = { ...(await withExpiryApplied(db, found, now, deps)), customer: found.customer };

  const merchant = merchantOf(await selectMerchants(db, [row.user_id]), row.user_id);
  const fee = await findPlatformFee({ db, paymentId: row.id });
  const transfers = await listPaymentTransfers({ db, paymentId: row.id });
  const audit = await listEntityAuditTrail({
    db,
    entities: [{ type: 'payment', id: row.id }, ...(fee ? [{ type: 'platform_fee', id: fee.id }] : [])],
  });

  const due = BigInt(row.amount);
  const pair = (units: bigint) => ({
    crypto: formatUnits(units, row.decimals),
    // The USD value at the rate the amount due was priced at, half-up to cents (as usdConfirmed everywhere).
    usd: row.usd_amount === null || due <= 0n ? null : shareOfFiat(row.usd_amount, units, due, 2),
  });
  const received = BigInt(row.amount_received);
  return {
    transaction: {
      id: row.id,
      mode: row.mode,
      status: adminTransactionStatusWithRefunds(row.status, refundStateOf(row)),
      paymentStatus: row.status,
      exception: row.exception,
      failureReason: row.failure_reason,
      currency: row.currency,
      network: row.network,
      networkName: networkInfo(row.network).name,
      amounts: {
        due: pair(due),
        received: pair(received),
        confirmed: pair(BigInt(row.amount_confirmed)),
        late: pair(BigInt(row.amount_late)),
        excess: pair(amountExcess(paymentState(row))),
      },
      fiatAmount: row.fiat_amount,
      fiatCurrency: row.fiat_currency,
      description: row.description,
      paymentLinkId: row.payment_link_id,
      attempt: row.attempt,
      address: row.address,
      txHash: row.tx_hash,
      confirmations: row.confirmations,
      requiredConfirmations: row.required_confirmations,
      createdAt: row.created_at.toISOString(),
      confirmedAt: row.confirmed_at?.toISOString() ?? null,
      expiresAt: row.expires_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    },
    merchant,
    // Recorded when the hosted page started it (or given by the API); the IP goes after its retention period.
    customer: { email: row.customer, ip: row.customer_ip, country: row.customer_country },
    risk: {
      ...riskOf(row),
      scoredAt: row.risk_scored_at?.toISOString() ?? null,
      payerAddresses: await listPaymentPayers({ db, paymentId: row.id }),
    },
    approval: row.approved_at
      ? {
          approvedAt: row.approved_at.toISOString(),
          approvedBy: row.approved_by,
          reason: row.approval_reason,
        }
      : null,
    fees: {
      platformFee: fee
        ? {
            id: fee.id,
            amount: formatUnits(BigInt(fee.fee_amount), fee.decimals),
            currency: fee.currency,
            percentage: fee.percentage,
            usd: fee.fee_usd,
            status: fee.status,
            createdAt: fee.created_at.toISOString(),
            voidedAt: fee.voided_at?.toISOString() ?? null,
          }
        : null,
      // The payer pays the network fee from their wallet; Coinlane does not record it.
      networkFee: null,
    },
    transfers: transfers.map(presentTransfer),
    auditTrail: audit.map((a) => ({
      id: Number(a.id),
      action: a.action,
      entityType: a.entity_type,
      actorType: a.actor_type,
      actorId: a.actor_id,
      before: a.before ?? null,
      after: a.after ?? null,
      ip: a.ip,
      createdAt: a.created_at.toISOString(),
    })),
  };
}
