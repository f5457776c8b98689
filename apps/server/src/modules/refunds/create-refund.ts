import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { formatUnits, MoneyError, parseUnits } from '@coinlane/core/money';
import type { TLanguage, TMode } from '@coinlane/core/options';
import { canRefund, REFUND_COMMITTED_STATUSES, REFUND_LINK_TTL_DAYS } from '@coinlane/core/refund-status';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { newToken, sha256 } from '#app/lib/crypto.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { getNotificationPreferences } from '#app/modules/notifications/notification-preferences.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import { presentedDetailsOf } from '#app/modules/payments/chain-details.ts';
import { lockPaymentForRefund } from '#app/modules/payments/payment-refunds.ts';
import { merchantDisplayName } from '#app/modules/profile/merchant-display-name.ts';
import { auditView, type RefundActor } from './apply-refund-event.ts';
import { expireLapsedRefunds } from './expire-lapsed-refunds.ts';
import { presentRefund, refundMailFacts, transactionUrl } from './present-refund.ts';
import { type RefundRow, selectRefund, sumRefunds } from './queries.ts';
import { refundAddressRequestMail } from './refund-mail.ts';
import { refundLinkForMerchantMail } from './refund-merchant-mails.ts';

const DAY_MS = 24 * 3600_000;

/** The customer's address page: the token in the query string, never in the path (decision 022). */
export const refundLink = (appUrl: string, token: string) => `${appUrl}/refund?token=${token}`;

/**
 * Issues a refund of a payment (decision 022): by an admin (`owner` absent: any payment), or by the merchant's
 * session or API key (`owner`: its own payment in its mode, else 404). In the coin the payment received; under the
 * payment's row lock, the new amount plus the open and paid refunds stays at or below its confirmed money; only on
 * a confirmed payment or a closed one (expired, cancelled) with confirmed money. Writes the refund (the link's token
 * hashed), an audit row refund.created and the outbox event refund.created in one transaction; then e-mails the
 * customer the address link, in `input.language` (default English), when the payment has a customer e-mail; else
 * returns the link (shown this once) and, when an admin or an API key issued it, e-mails it to the merchant to pass
 * on (its language; whatever its notification toggles: the link is nowhere else). The mails are sent after the
 * commit, never through the job queue, so the token is stored nowhere.
 */
export async function createRefund({
  db,
  mailer,
  log,
  appUrl,
  paymentId,
  owner,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  paymentId: string;
  owner?: { userId: string; mode: TMode };
  actor: RefundActor & { type: 'admin' | 'user' | 'api_key' };
  input: { amount: string; reason?: string | undefined; language?: TLanguage | undefined };
  now?: Date;
}): Promise<{ refund: RefundRow; addressLink: string | null }> {
  const token = newToken();
  const { refund, customerEmail } = await db.transaction().execute(async (trx) => {
    const payment = await lockPaymentForRefund({ db: trx, paymentId, ...(owner ? { owner } : {}) });
    await expireLapsedRefunds({ db: trx, where: { paymentId }, now });
    let amount: bigint;
    try {
      amount = parseUnits(input.amount, payment.decimals);
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
      const message =
        err.reason === 'too_many_decimals'
          ? T.cryptoTooManyDecimals(payment.currency, payment.decimals)
          : T.validPaymentAmount;
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { amount: message } } });
    }
    const confirmed = BigInt(payment.amount_confirmed);
    const committed = await sumRefunds(trx, paymentId, REFUND_COMMITTED_STATUSES);
    const check = canRefund({ status: payment.status, confirmed, committed, amount });
    if (!check.ok) {
      if (check.reason === 'payment_state') {
        throw new AppError('INVALID_STATE', { message: T.refundNotAllowed });
      }
      const message =
        check.reason === 'nothing_left'
          ? T.refundNothingLeft
          : T.refundTooLarge(formatUnits(confirmed - committed, payment.decimals), payment.currency);
      throw new AppError('REFUND_TOO_LARGE', { message, details: { fields: { amount: message } } });
    }
    const id = randomId('ref');
    const customerEmail = payment.customer_email?.trim() || null;
    await trx
      .insertInto('refunds')
      .values({
        id,
        payment_id: payment.id,
        user_id: payment.user_id,
        mode: payment.mode,
        network: payment.network,
        currency: payment.currency,
        contract_address: payment.contract_address,
        decimals: payment.decimals,
        chain_id:
          networkInfo(payment.network).family === 'evm'
            ? (presentedDetailsOf(payment).chainId ?? networkInfo(payment.network).chainId)
            : null,
        amount: amount.toString(),
        token_hash: sha256(token),
        token_expires_at: new Date(now.getTime() + REFUND_LINK_TTL_DAYS * DAY_MS),
        customer_notified: customerEmail !== null,
        requested_by_type: actor.type,
        requested_by_id: actor.id,
        reason: input.reason ?? null,
        watch_from_height: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refund = (await selectRefund(trx, id))!;
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'refund.created',
      entityType: 'refund',
      entityId: id,
      mode: refund.mode,
      after: auditView(refund),
      ip: actor.ip,
    });
    await writeOutboxEvent({
      db: trx,
      userId: refund.user_id,
      mode: refund.mode,
      type: 'refund.created',
      entityType: 'refund',
      entityId: id,
      payload: presentRefund(refund),
    });
    return { refund, customerEmail };
  });
  const link = refundLink(appUrl, token);
  if (!customerEmail) {
    if (actor.type !== 'user')
      await mailLinkToMerchant({ db, mailer, log, appUrl, refund, link, issuedBy: actor.type });
    return { refund, addressLink: link };
  }
  const mail = refundAddressRequestMail({
    lang: input.language ?? 'en',
    merchantName: await merchantDisplayName(db, refund.user_id),
    amount: formatUnits(BigInt(refund.amount), refund.decimals),
    currency: refund.currency,
    networkName: networkInfo(refund.network).name,
    url: link,
    expiresAt: refund.token_expires_at,
    reason: refund.reason,
  });
  try {
    await mailer.send({ to: customerEmail, ...mail });
  } catch (err) {
    // The refund stands: the merchant sees it and may cancel it and issue another.
    log.error({ err, refundId: refund.id }, 'refund address mail could not be sent');
  }
  return { refund, addressLink: null };
}

/**
 * The address link of a refund someone else issued (an admin, the merchant's API key) of a payment without a
 * customer e-mail, mailed to the merchant to pass on. A failure is logged: the refund stands, and the merchant may
 * cancel it and issue another.
 */
async function mailLinkToMerchant({
  db,
  mailer,
  log,
  appUrl,
  refund,
  link,
  issuedBy,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  refund: RefundRow;
  link: string;
  issuedBy: 'admin' | 'api_key';
}) {
  try {
    const prefs = await getNotificationPreferences(db, refund.user_id);
    if (!prefs) return;
    const mail = refundLinkForMerchantMail({
      lang: prefs.language,
      name: prefs.name,
      refund: refundMailFacts(refund),
      issuedBy,
      link,
      expiresAt: refund.token_expires_at,
      reason: refund.reason,
      transactionUrl: transactionUrl(appUrl, refund.payment_id),
    });
    await mailer.send({ to: prefs.email, ...mail });
  } catch (err) {
    log.error({ err, refundId: refund.id }, 'refund link mail to the merchant could not be sent');
  }
}
