import { transitionPaymentLink } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

/** Marks active links past their expiry as expired (scheduler). Readers already see them as expired. */
export async function expireDuePaymentLinks({
  db,
  now = new Date(),
  limit = 500,
}: {
  db: Db;
  now?: Date;
  limit?: number;
}): Promise<number> {
  const due = await db
    .selectFrom('payment_links')
    .select('id')
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const changed = await db.transaction().execute(async (trx) => {
      const link = await trx
        .selectFrom('payment_links')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (link?.status !== 'active' || !link.expires_at || link.expires_at > now) return false;
      const t = transitionPaymentLink(
        { status: link.status, expiresAt: link.expires_at },
        { type: 'expiry_reached' },
      );
      if (!t.changed) return false;
      await trx
        .updateTable('payment_links')
        .set({ status: t.state.status, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit({
        db: trx,
        actorId: null,
        actorType: 'system',
        action: 'payment_link.expired',
        entityType: 'payment_link',
        entityId: id,
        mode: link.mode,
        before: { status: link.status },
        after: { status: t.state.status },
      });
      return true;
    });
    if (changed) expired++;
  }
  return expired;
}
