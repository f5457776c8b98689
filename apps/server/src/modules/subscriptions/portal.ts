import type { TPortal } from '@coinlane/core/api/subscriptions';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { newToken, sha256 } from '#app/lib/crypto.ts';
import { merchantDisplayName } from '#app/modules/profile/merchant-display-name.ts';
import { nextPaymentAt, planAmount, presentInvoice } from './present.ts';
import { type SubscriptionRow, selectInvoices, selectPlan, selectSubscription } from './queries.ts';

const DAY_MS = 24 * 3_600_000;
/** A portal link is valid at least this long, and until a day after the current period's grace ends. */
export const PORTAL_TOKEN_MIN_DAYS = 45;
const PORTAL_TOKEN_MAX_DAYS = 400;

/**
 * A new portal link's token for a subscription (one per mail): only its SHA-256 is stored, with its expiry: at least
 * 45 days, and at least until a day after the paid period's grace ends (so a yearly subscriber's receipt still
 * opens the portal until the renewal mail brings a fresh link), at most 400 days.
 */
export async function issuePortalToken({
  db,
  sub,
  graceDays,
  now = new Date(),
}: {
  db: Db;
  sub: SubscriptionRow;
  graceDays: number;
  now?: Date;
}): Promise<string> {
  const token = newToken();
  const min = now.getTime() + PORTAL_TOKEN_MIN_DAYS * DAY_MS;
  const periodEnd = sub.current_period_end
    ? sub.current_period_end.getTime() - Number(sub.clock_offset_ms) + (graceDays + 1) * DAY_MS
    : 0;
  const expires = Math.min(Math.max(min, periodEnd), now.getTime() + PORTAL_TOKEN_MAX_DAYS * DAY_MS);
  await db
    .insertInto('subscription_portal_tokens')
    .values({
      token_hash: sha256(token),
      subscription_id: sub.id,
      expires_at: new Date(expires),
      created_at: now,
    })
    .execute();
  return token;
}

/** The subscription a portal token opens: TOKEN_INVALID for an unknown token, EXPIRED (410) past its expiry. */
export async function subscriptionOfToken(db: Db, token: string, now = new Date()): Promise<SubscriptionRow> {
  const row = await db
    .selectFrom('subscription_portal_tokens')
    .select(['subscription_id', 'expires_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) throw new AppError('TOKEN_INVALID', { message: T.portalLinkInvalid });
  if (row.expires_at.getTime() <= now.getTime())
    throw new AppError('EXPIRED', { message: T.portalLinkExpired });
  const sub = await selectSubscription(db, row.subscription_id);
  if (!sub) throw new AppError('TOKEN_INVALID', { message: T.portalLinkInvalid });
  return sub;
}

/** What the subscriber's portal shows: plan, status, next payment, the open invoice, the paid ones. */
export async function presentPortal(db: Db, sub: SubscriptionRow, appUrl: string): Promise<TPortal> {
  const [plan, invoices, merchantName] = await Promise.all([
    selectPlan(db, sub.plan_id),
    selectInvoices(db, sub.id),
    merchantDisplayName(db, sub.user_id),
  ]);
  const open = invoices.find((i) => i.id === sub.open_invoice_id && i.status === 'open') ?? null;
  return {
    merchantName,
    mode: sub.mode,
    email: sub.email,
    plan: {
      name: plan!.name,
      price: planAmount(plan!.price, plan!.currency),
      currency: plan!.currency,
      interval: plan!.interval,
    },
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: sub.current_period_end?.toISOString() ?? null,
    nextPaymentAt: nextPaymentAt(sub)?.toISOString() ?? null,
    credit: planAmount(sub.credit, plan!.currency),
    openInvoice: open ? presentInvoice(open, appUrl) : null,
    paidInvoices: invoices.filter((i) => i.status === 'paid').map((i) => presentInvoice(i, appUrl)),
  };
}
