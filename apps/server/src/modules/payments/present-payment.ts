import type { TCheckoutPayment } from '@coinlane/core/api/checkout';
import type { TPayment, TPaymentAddress, TPaymentPublicStatus } from '@coinlane/core/api/payments';
import { conversionProviderName } from '@coinlane/core/conversion-providers';
import { formatUnits, shareOfFiat } from '@coinlane/core/money';
import { amountExcess, amountRemaining, canAccept, type TPaymentState } from '@coinlane/core/payment-status';
import { buildPaymentUri } from '@coinlane/core/payment-uri';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { forwarderOf, presentedDetailsOf } from './chain-details.ts';
import type { PaymentRecord, PaymentRow } from './queries.ts';

/** The core state machine's view of a stored payment. */
export const paymentState = (row: PaymentRecord): TPaymentState => ({
  status: row.status,
  exception: row.exception,
  amountDue: BigInt(row.amount),
  expiresAt: row.expires_at,
  received: BigInt(row.amount_received),
  confirmed: BigInt(row.amount_confirmed),
  late: BigInt(row.amount_late),
  confirmations: row.confirmations,
  cancelled: row.failure_reason === 'cancelled',
  approved: row.approved_at != null,
});

const remainingOf = (row: PaymentRecord) => amountRemaining(paymentState(row));

/**
 * The payment URI (BIP21 / EIP-681 / code scheme) for what is left to pay: the remaining amount while
 * partial, the full amount otherwise.
 */
export function paymentUriOf(row: PaymentRecord): string {
  const net = networkInfo(row.network);
  const remaining = remainingOf(row);
  return buildPaymentUri({
    symbol: row.currency,
    network: row.network,
    family: net.family,
    // A live EVM payment records the chain it is paid on (a testnet or dev chain has its own id).
    chainId: presentedDetailsOf(row).chainId ?? net.chainId,
    contractAddress: row.contract_address,
    address: row.address,
    amount: row.status === 'partial' && remaining > 0n ? remaining : BigInt(row.amount),
    decimals: row.decimals,
    message: row.description,
  });
}

const units = (row: PaymentRecord, v: string | bigint) => formatUnits(BigInt(v), row.decimals);

/**
 * The USD value of a payment's confirmed money at the rate its amount due was priced at: usd_amount x
 * amount_confirmed / amount, half-up to cents (shareOfFiat); null without a USD value. The dashboard's volume is
 * the sum of this figure over confirmed payments, computed in SQL with the same rule (confirmedUsdCentsSql).
 */
export const usdConfirmedOf = (
  row: Pick<PaymentRecord, 'usd_amount' | 'amount_confirmed' | 'amount'>,
): string | null =>
  row.usd_amount === null
    ? null
    : shareOfFiat(row.usd_amount, BigInt(row.amount_confirmed), BigInt(row.amount), 2);

/** The figures every merchant view of a payment shows beside its amounts: excess, USD confirmed, acceptable. */
export const paymentFigures = (row: PaymentRecord) => {
  const s = paymentState(row);
  return {
    amountExcess: units(row, amountExcess(s)),
    usdConfirmed: usdConfirmedOf(row),
    canAccept: canAccept(s),
  };
};

/**
 * The presentation a new payment's `payment.created` event carried, by its row (create-payment.ts): the creation's
 * reply is that same presentation, not a second one of an unchanged row (2.5 % of the server's CPU per API payment,
 * decision 035). A WeakMap: it holds nothing once the row is gone.
 */
const presentedAtCreation = new WeakMap<PaymentRow, TPayment>();

/** Remembers what a new payment's event carried (createPayment, once the row is written: it no longer changes). */
export function rememberCreatedPresentation(row: PaymentRow, presented: TPayment): void {
  presentedAtCreation.set(row, presented);
}

/** The merchant API's payment, as its creation's event carried it (the same row): the creation's reply. */
export function presentCreatedPayment(row: PaymentRow): TPayment {
  return presentedAtCreation.get(row) ?? presentPayment(row);
}

/** The merchant API's payment. */
export function presentPayment(row: PaymentRow): TPayment {
  const figures = paymentFigures(row);
  const forwarder = row.mode === 'live' ? forwarderOf(row) : null;
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    exception: row.exception,
    canAccept: figures.canAccept,
    amount: units(row, row.amount),
    amountReceived: units(row, row.amount_received),
    amountConfirmed: units(row, row.amount_confirmed),
    amountRemaining: units(row, remainingOf(row)),
    amountExcess: figures.amountExcess,
    currency: row.currency,
    network: row.network,
    networkName: networkInfo(row.network).name,
    decimals: row.decimals,
    address: row.address,
    paymentUri: paymentUriOf(row),
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    txHash: row.tx_hash,
    fiatAmount: row.fiat_amount,
    fiatCurrency: row.fiat_currency,
    usdAmount: row.usd_amount,
    usdConfirmed: figures.usdConfirmed,
    rate:
      row.locked_crypto_rate && row.locked_fiat_rate && row.rate_source && row.rate_locked_at
        ? {
            cryptoRate: row.locked_crypto_rate,
            fiatRate: row.locked_fiat_rate,
            source: row.rate_source,
            lockedAt: row.rate_locked_at.toISOString(),
          }
        : null,
    description: row.description,
    customerEmail: row.customer_email,
    metadata: row.metadata,
    paymentLinkId: row.payment_link_id,
    returnUrl: row.return_url,
    attempt: row.attempt,
    expiresAt: row.expires_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    flushedAt: row.flushed_at?.toISOString() ?? null,
    flushTx: row.flush_tx,
    // the merchant's own recovery of a forwarder payment (decision 010, issue 13): never on public endpoints
    forwarder: forwarder ? { factory: forwarder.forwarderFactory, salt: forwarder.depositSalt } : null,
    approval: row.approved_at
      ? {
          approvedAt: row.approved_at.toISOString(),
          approvedBy: { type: 'admin', id: row.approved_by },
          reason: row.approval_reason,
        }
      : null,
  };
}

/** Public status (merchant spec 3: status, confirmations, transactionHash, updatedAt; plus progress). */
export const presentPublicStatus = (row: PaymentRecord): TPaymentPublicStatus => ({
  status: row.status,
  exception: row.exception,
  confirmations: row.confirmations,
  requiredConfirmations: row.required_confirmations,
  transactionHash: row.tx_hash,
  amount: units(row, row.amount),
  amountReceived: units(row, row.amount_received),
  amountRemaining: units(row, remainingOf(row)),
  currency: row.currency,
  network: row.network,
  expiresAt: row.expires_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** A payment converted by an exchange's shift (decision 024), as the hosted page names it; null otherwise. */
function checkoutConversionOf(row: PaymentRecord): TCheckoutPayment['conversion'] {
  const c = row.conversion;
  if (c?.kind !== 'shift') return null;
  return {
    provider: c.provider,
    providerName: conversionProviderName(c.provider),
    toCurrency: c.toCurrency,
    toNetwork: c.toNetwork,
    toNetworkName: networkInfo(c.toNetwork).name,
  };
}

export const presentPaymentAddress = (row: PaymentRecord): TPaymentAddress => ({
  address: row.address,
  currency: row.currency,
  network: row.network,
  networkName: networkInfo(row.network).name,
  amount: units(row, row.amount),
  amountRemaining: units(row, remainingOf(row)),
  paymentUri: paymentUriOf(row),
  expiresAt: row.expires_at.toISOString(),
  mode: row.mode,
});

export const presentCheckoutPayment = (row: PaymentRecord): TCheckoutPayment => ({
  id: row.id,
  attempt: row.attempt,
  status: row.status,
  exception: row.exception,
  amount: units(row, row.amount),
  amountReceived: units(row, row.amount_received),
  amountRemaining: units(row, remainingOf(row)),
  currency: row.currency,
  network: row.network,
  networkName: networkInfo(row.network).name,
  address: row.address,
  paymentUri: paymentUriOf(row),
  // the chain the payer's wallet must be on, where the network's family has chain ids (EVM)
  chainId: presentedDetailsOf(row).chainId,
  contractAddress: row.contract_address,
  confirmations: row.confirmations,
  requiredConfirmations: row.required_confirmations,
  transactionHash: row.tx_hash,
  expiresAt: row.expires_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  conversion: checkoutConversionOf(row),
});
