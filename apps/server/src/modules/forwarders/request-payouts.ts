import type { TMovePayoutsResult } from '@coinlane/core/api/payments';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';

/**
 * POST /payouts/move-now ("Move now"): the merchant asks for their confirmed live forwarder payments to be flushed
 * by the next `evm.flush` round, which with auto payout off (user_settings.auto_payout_enabled) moves only payments
 * confirmed by user_settings.payouts_requested_at (listFlushCandidates). With auto payout on it changes nothing
 * the job would not do anyway, and says so. Counts the payments the next round will look at: confirmed live
 * forwarder payments with a confirmed transfer not flushed since.
 */
export async function requestPayouts({
  db,
  userId,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  actor: PaymentActor;
  now?: Date;
}): Promise<TMovePayoutsResult> {
  return db.transaction().execute(async (trx) => {
    const settings = await trx
      .insertInto('user_settings')
      .values({ user_id: userId, payouts_requested_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ payouts_requested_at: now, updated_at: now }))
      .returning(['auto_payout_enabled'])
      .executeTakeFirstOrThrow();
    const waiting = await trx
      .selectFrom('payments as p')
      .innerJoin('payment_flushes as f', 'f.payment_id', 'p.id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('p.user_id', '=', userId)
      .where('p.mode', '=', 'live')
      .where('p.status', '=', 'confirmed')
      .where(sql<boolean>`p.chain_details ? 'depositSalt'`)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('transfers as t')
            .select(sql`1`.as('one'))
            .whereRef('t.payment_id', '=', 'p.id')
            .where('t.status', '=', 'confirmed')
            .where((eb) =>
              eb.or([eb('f.flush_block', 'is', null), eb('t.block_height', '>=', eb.ref('f.flush_block'))]),
            ),
        ),
      )
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'payouts.move_requested',
      entityType: 'user_settings',
      entityId: userId,
      before: null,
      after: { payoutsRequestedAt: now.toISOString(), payments: Number(waiting.n) },
      ip: actor.ip,
    });
    return {
      requestedAt: now.toISOString(),
      payments: Number(waiting.n),
      autoPayoutEnabled: settings.auto_payout_enabled,
    };
  });
}
