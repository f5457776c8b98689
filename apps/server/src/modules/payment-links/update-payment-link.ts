import type { TUpdatePaymentLinkRequest } from '@coinlane/core/api/payment-links';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { effectiveLinkStatus, transitionPaymentLink } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { linkExpiry } from './create-payment-link.ts';
import type { PaymentLinkRow } from './queries.ts';
import { linkReturnUrl } from './return-url.ts';

/**
 * PUT /payment-links/{id}: description, the return URL (null removes it) and the merchant's metadata keys; `status: 'expired'` switches the
 * link off, `'active'` back on (a new expiry is needed when the old one has passed). A completed link cannot
 * change. Amount, coin and network are fixed: create a new link for another price.
 */
export async function updatePaymentLink({
  db,
  userId,
  mode,
  linkId,
  input,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  linkId: string;
  input: TUpdatePaymentLinkRequest;
  actor: PaymentActor;
  now?: Date;
}): Promise<PaymentLinkRow> {
  assertOwnMerchantId(input.merchantId, userId);
  const returnUrl = input.returnUrl === undefined ? undefined : linkReturnUrl(input.returnUrl, mode);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', linkId)
      .where('user_id', '=', userId)
      .where('mode', '=', mode)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: T.paymentLinkNotFound });
    if (row.status === 'completed') throw new AppError('INVALID_STATE', { message: T.paymentLinkCompleted });
    // A subscription invoice's link follows its invoice (decision 023): the subscription opens and voids it.
    if (row.kind === 'invoice') throw new AppError('INVALID_STATE', { message: T.paymentLinkIsInvoice });

    let state = {
      status: effectiveLinkStatus({ status: row.status, expiresAt: row.expires_at }, now),
      expiresAt: row.expires_at,
    };
    let expiresInHours = row.expires_in_hours;
    const newExpiry =
      input.expiresInHours !== undefined || input.expiresAt !== undefined
        ? linkExpiry(input, now, null)
        : null;
    const wantsActive = input.status === 'active' || (newExpiry !== null && input.status === undefined);
    if (input.status === 'expired') {
      state = transitionPaymentLink(state, { type: 'deactivate' }).state;
    } else if (wantsActive) {
      const t = transitionPaymentLink(state, {
        type: 'reactivate',
        now,
        ...(newExpiry ? { expiresAt: newExpiry.expiresAt } : {}),
      });
      if (t.refused === 'expiry_passed') {
        throw new AppError('INVALID_STATE', { message: T.paymentLinkReactivateNeedsExpiry });
      }
      state = t.state;
      if (newExpiry) expiresInHours = newExpiry.expiresInHours;
    }

    const metadata = input.metadata ? { ...input.metadata, ...serverMetadata(row.metadata) } : row.metadata;
    if (newExpiry) metadata.expiresInHours = expiresInHours;
    const updated = await trx
      .updateTable('payment_links')
      .set({
        status: state.status,
        expires_at: state.expiresAt,
        expires_in_hours: expiresInHours,
        description: input.description === undefined ? row.description : input.description,
        return_url: returnUrl === undefined ? row.return_url : returnUrl,
        metadata: JSON.stringify(metadata),
        updated_at: now,
      })
      .where('id', '=', linkId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'payment_link.updated',
      entityType: 'payment_link',
      entityId: linkId,
      mode,
      before: {
        status: row.status,
        expires_at: row.expires_at,
        description: row.description,
        return_url: row.return_url,
      },
      after: {
        status: updated.status,
        expires_at: updated.expires_at,
        description: updated.description,
        return_url: updated.return_url,
      },
      ip: actor.ip,
    });
    return updated;
  });
}

/** The metadata fields the server owns (merchant spec 3): a merchant's update never overrides them. */
const SERVER_KEYS = [
  'createdVia',
  'currency',
  'network',
  'networkName',
  'fiatAmount',
  'fiatCurrency',
  'lockedExchangeRate',
  'lockedFiatRate',
  'lockedCryptoAmount',
  'usdEquivalent',
  'rateLockedAt',
  'rateSource',
  'expiresInHours',
  'paymentLinkId',
  'source',
] as const;
const serverMetadata = (m: Record<string, unknown>) =>
  Object.fromEntries(SERVER_KEYS.filter((k) => k in m).map((k) => [k, m[k]]));
