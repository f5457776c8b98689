import {
  DEFAULT_LINK_EXPIRY_HOURS,
  MAX_LINK_EXPIRY_DAYS,
  type TCreatePaymentLinkRequest,
} from '@coinlane/core/api/payment-links';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { formatUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { fiatInput, preparePayment } from '#app/modules/payments/prepare-payment.ts';
import type { PaymentLinkRow } from './queries.ts';
import { linkReturnUrl } from './return-url.ts';

const HOUR = 3600_000;

/** The expiry of a new or reactivated link: expiresInHours (0 = never), or expiresAt, or the default 24 h. */
export function linkExpiry(
  input: { expiresInHours?: number; expiresAt?: string | null },
  now: Date,
  fallbackHours: number | null = DEFAULT_LINK_EXPIRY_HOURS,
): { expiresAt: Date | null; expiresInHours: number | null } {
  if (input.expiresInHours !== undefined) {
    return input.expiresInHours === 0
      ? { expiresAt: null, expiresInHours: 0 }
      : {
          expiresAt: new Date(now.getTime() + input.expiresInHours * HOUR),
          expiresInHours: input.expiresInHours,
        };
  }
  if (input.expiresAt === null) return { expiresAt: null, expiresInHours: 0 };
  if (input.expiresAt !== undefined) {
    const at = new Date(input.expiresAt);
    const invalid = (message: string) =>
      new AppError('VALIDATION_ERROR', { message, details: { fields: { expiresAt: message } } });
    if (at.getTime() <= now.getTime()) throw invalid(T.expiryInPast);
    if (at.getTime() > now.getTime() + MAX_LINK_EXPIRY_DAYS * 24 * HOUR)
      throw invalid(T.expiryTooFar(MAX_LINK_EXPIRY_DAYS));
    return { expiresAt: at, expiresInHours: null };
  }
  return fallbackHours === null
    ? { expiresAt: null, expiresInHours: null }
    : { expiresAt: new Date(now.getTime() + fallbackHours * HOUR), expiresInHours: fallbackHours };
}

/**
 * POST /payment-links: a fiat price (or a crypto amount) in a chosen coin and network. The crypto amount is
 * priced now (rounded up once, at display precision) and the rate recorded in the metadata with every field
 * of merchant spec 3; each payment attempt is priced again at its own fresh rate.
 */
export async function createPaymentLink({
  deps,
  db,
  userId,
  mode,
  input,
  actor,
  createdVia,
  maxAgeSeconds,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  input: TCreatePaymentLinkRequest;
  actor: PaymentActor;
  createdVia: 'api' | 'dashboard';
  maxAgeSeconds: number;
  now?: Date;
}): Promise<PaymentLinkRow> {
  assertOwnMerchantId(input.merchantId, userId);
  const expiry = linkExpiry(input, now);
  const returnUrl = linkReturnUrl(input.returnUrl, mode);
  const prepared = await preparePayment({
    addressSources: deps.addressSources,
    db,
    userId,
    mode,
    currency: input.currency,
    network: input.network,
    amount:
      input.amount !== undefined
        ? { kind: 'crypto', amount: input.amount }
        : fiatInput(input.fiatAmount!, (input.fiatCurrency ?? 'USD') as TFiatCode),
    maxAgeSeconds,
    now,
  });
  const { row: currency, network } = prepared.currency;
  const id = randomId('lnk');
  const p = prepared.pricing;
  const metadata = {
    ...(input.metadata ?? {}),
    createdVia,
    currency: currency.symbol,
    network: currency.network,
    networkName: network.name,
    fiatAmount: prepared.fiat?.amount ?? null,
    fiatCurrency: prepared.fiat?.currency ?? null,
    lockedExchangeRate: p?.cryptoRateText ?? null,
    lockedFiatRate: p?.fiatRateText ?? null,
    lockedCryptoAmount: formatUnits(prepared.units, currency.decimals),
    usdEquivalent: prepared.usdAmount,
    rateLockedAt: p ? now.toISOString() : null,
    rateSource: p?.source ?? null,
    expiresInHours: expiry.expiresInHours,
    paymentLinkId: id,
    source: 'payment_link',
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('payment_links')
      .values({
        id,
        user_id: userId,
        mode,
        currency: currency.symbol,
        network: currency.network,
        decimals: currency.decimals,
        amount: prepared.units.toString(),
        fiat_amount: prepared.fiat?.amount ?? null,
        fiat_currency: prepared.fiat?.currency ?? null,
        description: input.description ?? null,
        return_url: returnUrl,
        metadata: JSON.stringify(metadata),
        expires_in_hours: expiry.expiresInHours,
        expires_at: expiry.expiresAt,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'payment_link.created',
      entityType: 'payment_link',
      entityId: id,
      mode,
      after: {
        amount: row.amount,
        currency: row.currency,
        network: row.network,
        fiat_amount: row.fiat_amount,
        fiat_currency: row.fiat_currency,
        expires_at: row.expires_at,
        return_url: row.return_url,
      },
      ip: actor.ip,
    });
    return row;
  });
}
