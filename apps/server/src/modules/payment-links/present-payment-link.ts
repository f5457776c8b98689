import type { TPaymentLink } from '@coinlane/core/api/payment-links';
import { formatUnits } from '@coinlane/core/money';
import { effectiveLinkStatus } from '@coinlane/core/payment-status';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentLinkRow, selectAttempts } from './queries.ts';

type AttemptRow = Awaited<ReturnType<typeof selectAttempts>>[number];

export const linkUrl = (appUrl: string, id: string) => `${appUrl}/payment/${id}`;

/** The merchant API's payment link; the status reads `expired` as soon as the expiry passes. */
export function presentPaymentLink(
  row: PaymentLinkRow,
  attempts: readonly AttemptRow[],
  { appUrl, now }: { appUrl: string; now: Date },
): TPaymentLink {
  const metadata = row.metadata as TPaymentLink['metadata'];
  return {
    id: row.id,
    merchantId: row.user_id,
    mode: row.mode,
    url: linkUrl(appUrl, row.id),
    amount: formatUnits(BigInt(row.amount), row.decimals),
    currency: row.currency,
    network: row.network,
    networkName: networkInfo(row.network).name,
    decimals: row.decimals,
    fiatAmount: row.fiat_amount,
    fiatCurrency: row.fiat_currency,
    description: row.description,
    returnUrl: row.return_url,
    status: effectiveLinkStatus({ status: row.status, expiresAt: row.expires_at }, now),
    expiresAt: row.expires_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    metadata,
    payments: attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      status: a.status,
      exception: a.exception,
      amount: formatUnits(BigInt(a.amount), a.decimals),
      amountReceived: formatUnits(BigInt(a.amount_received), a.decimals),
      createdAt: a.created_at.toISOString(),
      expiresAt: a.expires_at.toISOString(),
    })),
  };
}
