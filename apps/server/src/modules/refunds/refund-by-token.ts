import type { TPublicRefund } from '@coinlane/core/api/refunds';
import { AppError } from '@coinlane/core/errors';
import type { TChainMode } from '@coinlane/core/families/wallet-input';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { sha256 } from '#app/lib/crypto.ts';
import { merchantDisplayName } from '#app/modules/profile/merchant-display-name.ts';
import { applyRefundEvent, type RefundActor } from './apply-refund-event.ts';
import { expireLapsedRefunds } from './expire-lapsed-refunds.ts';
import { presentPublicRefund } from './present-refund.ts';
import { type RefundRow, selectRefundByTokenHash } from './queries.ts';
import { checkRefundAddress } from './refund-address.ts';
import { REFUND_ADDRESS_MAIL_JOB, refundAddressMailJobId } from './refund-address-mail.job.ts';

/**
 * The refund a link's token opens: found by the token's hash (the token itself is stored nowhere). An unknown token
 * is TOKEN_INVALID; a link past its expiry is EXPIRED (410) whatever the refund's status (a refund still awaiting
 * its address then expires).
 */
async function refundOfToken(db: Db, token: string, now: Date): Promise<RefundRow> {
  const hash = sha256(token);
  const row = await selectRefundByTokenHash(db, hash);
  if (!row) throw new AppError('TOKEN_INVALID', { message: T.refundLinkInvalid });
  if (row.token_expires_at <= now) {
    await db.transaction().execute((trx) => expireLapsedRefunds({ db: trx, where: { id: row.id }, now }));
    throw new AppError('EXPIRED', { message: T.refundLinkExpired });
  }
  return row;
}

/** POST /refund-requests/view: the customer's page (amount, coin, network, who pays, the address once given). */
export async function viewRefundRequest({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<TPublicRefund> {
  const row = await refundOfToken(db, token, now);
  return presentPublicRefund(row, await merchantDisplayName(db, row.user_id));
}

/**
 * POST /refund-requests/address: the customer gives the refund address, once, while the link is valid. The address
 * is checked for the refund's network (checkRefundAddress) before anything changes; then, under the refund's row
 * lock, awaiting_address -> awaiting_payment (audited as refund.address_given by the anonymous customer, without its
 * IP: a customer's IP is not kept in the audit log, decision 021), and the merchant's mail saying what to pay is
 * queued (refund-address-mail.job.ts). A second address (the link used) is INVALID_STATE; a cancelled refund likewise.
 */
export async function submitRefundAddress({
  db,
  token,
  address: text,
  chainModeOf,
  now = new Date(),
}: {
  db: Db;
  token: string;
  address: string;
  /** The chain mode of the network's configured node (live), or null. */
  chainModeOf: (network: string) => TChainMode | null;
  now?: Date;
}): Promise<TPublicRefund> {
  const found = await refundOfToken(db, token, now);
  if (found.status !== 'awaiting_address') {
    throw new AppError('INVALID_STATE', {
      message: found.address ? T.refundAddressAlreadyGiven : T.refundNotOpen,
    });
  }
  const address = await checkRefundAddress({
    db,
    network: found.network,
    mode: found.mode,
    chainMode: chainModeOf(found.network),
    text,
  });
  const actor: RefundActor = { type: 'system', id: null, ip: null };
  const row = await db.transaction().execute(async (trx) => {
    const locked = await selectRefundByTokenHash(trx, found.token_hash, { forUpdate: true });
    if (locked?.status !== 'awaiting_address') {
      throw new AppError('INVALID_STATE', { message: T.refundAddressAlreadyGiven });
    }
    const given = await applyRefundEvent({
      db: trx,
      refund: locked,
      event: { type: 'address_given' },
      patch: { address, address_given_at: now },
      actor,
      now,
    });
    await enqueueJob({
      db: trx,
      name: REFUND_ADDRESS_MAIL_JOB,
      id: refundAddressMailJobId(given.id),
      payload: { refundId: given.id },
      maxAttempts: 8,
    });
    return given;
  });
  return presentPublicRefund(row, await merchantDisplayName(db, row.user_id));
}
