import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { readPayment } from '#app/modules/payments/read-payment.ts';
import { completePayout, failPayout } from '#app/modules/payouts/record-payout.ts';
import type { ConversionProvider, ProviderShift } from './conversion-provider.ts';
import { openShiftPayout } from './open-shift-payout.ts';
import type { ConversionShiftRow } from './queries.ts';
import { SHIFT_FAILED_MAIL_JOB, shiftFailedMailJobId } from './shift-failed-mail.job.ts';
import { shiftFee } from './shift-fee.ts';
import { shiftOutcome } from './shift-outcome.ts';

/** A claimed shift is checked again after this when its worker stops before it is done (a lease). */
export const SHIFT_CLAIM_LEASE_MS = 2 * 60_000;
/** The backoff between two reads of a shift whose status has not moved: at least this ... */
export const SHIFT_CHECK_MIN_MS = 10_000;
/** ... and at most this. */
export const SHIFT_CHECK_MAX_MS = 10 * 60_000;

/**
 * When a shift still under way is read next: a quarter of the time its status has stood still (the longer nothing
 * moves, the less often it is asked), between SHIFT_CHECK_MIN_MS and SHIFT_CHECK_MAX_MS; a shift still waiting for
 * its deposit before its quote's end is read at that end (a deposit seen on chain brings it forward).
 */
export function nextCheckAt(shift: { status: string; updatedAt: Date; expiresAt: Date }, now: Date): Date {
  if (shift.status === 'waiting' && shift.expiresAt > now)
    return new Date(shift.expiresAt.getTime() + 30_000);
  const still = now.getTime() - shift.updatedAt.getTime();
  const delay = Math.min(SHIFT_CHECK_MAX_MS, Math.max(SHIFT_CHECK_MIN_MS, Math.floor(still / 4)));
  return new Date(now.getTime() + delay);
}

/**
 * Follows the open shifts with their exchange (the job conversions.follow_shifts; decision 024): takes each shift
 * due (next_check_at passed) with FOR UPDATE SKIP LOCKED and pushes its next check a lease ahead in that short
 * transaction, reads it from the provider outside any transaction, then records what it says in another one
 * (applyShiftStatus). Any number of workers share the shifts; none reads one another holds. A provider that fails
 * to answer is logged and asked again after the backoff. Stops when nothing is due or after `budgetMs`; returns
 * how many shifts were read and whether some may be left.
 */
export async function followShifts({
  db,
  provider,
  log,
  budgetMs = 20_000,
  now = () => new Date(),
}: {
  db: Db;
  provider: ConversionProvider;
  log: FastifyBaseLogger;
  budgetMs?: number;
  now?: () => Date;
}): Promise<{ read: number; more: boolean }> {
  const started = Date.now();
  let read = 0;
  while (Date.now() - started < budgetMs) {
    const at = now();
    const claimed = await sql<ConversionShiftRow>`
      UPDATE conversion_shifts SET next_check_at = ${new Date(at.getTime() + SHIFT_CLAIM_LEASE_MS)}
      WHERE id = (
        SELECT id FROM conversion_shifts
        WHERE finished_at IS NULL AND next_check_at <= ${at} AND provider = ${provider.id}
        ORDER BY next_check_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING *
    `.execute(db);
    const row = claimed.rows[0];
    if (!row) return { read, more: false };
    read++;
    let remote: ProviderShift;
    try {
      remote = await provider.getShift(row.provider_shift_id);
    } catch (err) {
      log.warn(
        { shiftId: row.id, provider: row.provider, providerShiftId: row.provider_shift_id, err: String(err) },
        'conversion shift could not be read from its exchange: asked again later',
      );
      await db
        .updateTable('conversion_shifts')
        .set({
          next_check_at: nextCheckAt({ ...row, updatedAt: row.updated_at, expiresAt: row.expires_at }, now()),
        })
        .where('id', '=', row.id)
        .where('finished_at', 'is', null)
        .execute();
      continue;
    }
    await applyShiftStatus({ db, shiftId: row.id, remote, providerName: provider.name, now: now() });
  }
  return { read, more: true };
}

/**
 * Records what the exchange says of a shift, in one transaction with the row locked: its status and hashes; a
 * settled shift completes its payout entry (converted amount = what was settled, the exchange's rate, the fee as
 * shiftFee derives it, the settle transaction); a refunded shift, or one expired after a deposit, fails it and
 * queues the merchant's mail (payout.failed goes with failPayout); the entry is opened first when the deposit was
 * never seen on chain by Coinlane (the exchange saw it). Finished shifts are not read again. Safe to run twice.
 */
export async function applyShiftStatus({
  db,
  shiftId,
  remote,
  providerName,
  now,
}: {
  db: Db;
  shiftId: string;
  remote: ProviderShift;
  providerName: string;
  now: Date;
}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('conversion_shifts')
      .selectAll()
      .where('id', '=', shiftId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.finished_at) return;
    const payment = await readPayment(trx, row.payment_id);
    const outcome = shiftOutcome(remote);
    const moved = remote.status !== row.status;
    const updatedAt = moved ? now : row.updated_at;
    const base = {
      status: remote.status,
      deposit_tx_hash: outcome.depositHash ?? row.deposit_tx_hash,
      updated_at: updatedAt,
    };
    const finish = async (set: Record<string, unknown> = {}) =>
      trx
        .updateTable('conversion_shifts')
        .set({ ...base, ...set, finished_at: now })
        .where('id', '=', row.id)
        .execute();
    const ruleId = payment?.payout_rule_id ?? null;
    const depositSeen = BigInt(payment?.amount_received ?? '0') > 0n || outcome.depositHash !== null;

    if (outcome.kind === 'settled') {
      const payoutId = await openShiftPayout(trx, row, ruleId);
      const fee = shiftFee({
        usdAmount: payment?.usd_amount ?? null,
        settleAmount: outcome.settleAmount,
        settleCurrency: row.settle_currency,
        rate: remote.rate,
        provider: row.provider,
      });
      await completePayout(trx, {
        payoutId,
        convertedAmount: outcome.settleAmount,
        exchangeRate: remote.rate,
        ...fee,
        txHash: outcome.settleHash,
      });
      await finish({ settle_tx_hash: outcome.settleHash, settle_amount: outcome.settleAmount });
      return;
    }
    if (outcome.kind === 'refunded' || (outcome.kind === 'expired' && depositSeen)) {
      const payoutId = await openShiftPayout(trx, row, ruleId);
      const reason =
        outcome.kind === 'expired'
          ? `The deposit reached ${providerName} after its quote had expired: it is refunded to your own ${row.deposit_currency} address ${row.refund_address ?? ''}`.trim()
          : `${providerName} could not convert the deposit${remote.issue ? ` (${remote.issue})` : ''}: it is refunded to your own ${row.deposit_currency} address ${row.refund_address ?? ''}`.trim();
      if (await failPayout(trx, { payoutId, reason })) {
        await enqueueJob({
          db: trx,
          name: SHIFT_FAILED_MAIL_JOB,
          id: shiftFailedMailJobId(row.id),
          payload: {
            shiftId: row.id,
            kind: outcome.kind === 'expired' ? 'expired' : 'refunded',
            issue: remote.issue,
          },
          maxAttempts: 8,
        });
      }
      if (outcome.kind === 'expired' || outcome.final) await finish();
      else {
        await trx
          .updateTable('conversion_shifts')
          .set({
            ...base,
            next_check_at: nextCheckAt({ status: remote.status, updatedAt, expiresAt: row.expires_at }, now),
          })
          .where('id', '=', row.id)
          .execute();
      }
      return;
    }
    if (outcome.kind === 'expired') {
      // Nothing was paid in: nothing to record in the merchant's history.
      await finish();
      return;
    }
    await trx
      .updateTable('conversion_shifts')
      .set({
        ...base,
        next_check_at: nextCheckAt({ status: remote.status, updatedAt, expiresAt: row.expires_at }, now),
      })
      .where('id', '=', row.id)
      .execute();
  });
}
