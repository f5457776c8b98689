import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '#app/db/connection.ts';
import { defineJob } from '#app/jobs/define-job.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { formatMailTime, type MailContent, renderLayout } from '#app/mail/templates.ts';
import {
  getNotificationPreferences,
  mailRefusal,
} from '#app/modules/notifications/notification-preferences.ts';

/** Wallet apps stop scanning after this many consecutive unused addresses (BIP44 gap limit). */
export const GAP_LIMIT = 20;

/**
 * The gap limit a wallet app needs to see every address Coinlane handed out from a key wallet: the distance from
 * the last index that received money (or the start) to the highest index handed out. null when the usual 20
 * suffice (or for a single-address wallet).
 */
export async function gapLimitNeeded(db: Db, walletId: string): Promise<number | null> {
  const res = await sql<{ highest: number | null; last_used: number | null }>`
    SELECT max(p.derivation_index) AS highest,
      max(p.derivation_index) FILTER (WHERE EXISTS (SELECT 1 FROM transfers t WHERE t.payment_id = p.id))
        AS last_used
    FROM payments p WHERE p.wallet_id = ${walletId} AND p.derivation_index IS NOT NULL
  `.execute(db);
  const row = res.rows[0];
  if (!row || row.highest === null) return null;
  const needed = Number(row.highest) - (row.last_used === null ? -1 : Number(row.last_used));
  return needed > GAP_LIMIT ? needed : null;
}

/** The notice is a job with one id per wallet and UTC day: at most one mail a day, whatever the traffic. */
export async function queueGapNotice(db: Db, walletId: string, now: Date) {
  await enqueueJob({
    db,
    name: walletGapNoticeJob.name,
    id: `wallet.gap-notice:${walletId}:${now.toISOString().slice(0, 10)}`,
    payload: { walletId },
  });
}

export function walletGapMail(o: {
  name: string | null;
  wallet: { label: string; currency: string; network: string };
  needed: number;
  at: Date;
}): MailContent {
  return {
    subject: `Raise the gap limit of your ${o.wallet.currency} wallet app`,
    ...renderLayout({
      preheader: `Your wallet app needs a gap limit of at least ${o.needed} to show every payment.`,
      heading: 'Your wallet app may not show every payment',
      intro: [
        o.name?.trim() ? `Hi ${o.name.trim()},` : 'Hello,',
        `Coinlane has handed out ${o.needed} addresses of your wallet in a row since the last one that was paid (unpaid checkouts, payments still open). Wallet apps look only ${GAP_LIMIT} addresses past the last used one by default, so a payment to a later address would not show in your app, although the money is yours and Coinlane shows it.`,
        `Nothing stops: payments are still taken. To see them all in your wallet app, raise its gap limit (also called "address lookahead" or "gap limit" in the wallet's settings) to at least ${o.needed}. The Wallets tab of Instant Payouts shows the figure needed at any time.`,
      ],
      details: [
        ['Wallet', o.wallet.label],
        ['Coin', `${o.wallet.currency} (${o.wallet.network})`],
        ['Gap limit needed', String(o.needed)],
        ['Checked at', formatMailTime(o.at)],
      ],
      reason: 'You received this email because your Coinlane account receives payments to this wallet.',
    }),
  };
}

/**
 * Sends the gap-limit notice of a wallet (queued by the allocation that went past GAP_LIMIT, at most once a day).
 * The figure is read again when the mail goes out; nothing is sent if the need went away meanwhile, or while the
 * merchant has e-mail notifications off (the Wallets tab shows the figure whatever the setting).
 */
export const walletGapNoticeJob = defineJob({
  name: 'wallet.gap-notice',
  payload: z.object({ walletId: z.string() }),
  handler: async ({ walletId }, { db, config, log }) => {
    const needed = await gapLimitNeeded(db, walletId);
    if (needed === null) return undefined;
    const row = await db
      .selectFrom('wallets')
      .innerJoin('users', 'users.id', 'wallets.user_id')
      .leftJoin('user_profiles', 'user_profiles.id', 'wallets.user_id')
      .select([
        'wallets.label',
        'wallets.currency',
        'wallets.network',
        'wallets.user_id',
        'users.email',
        'user_profiles.name as name',
      ])
      .where('wallets.id', '=', walletId)
      .where('wallets.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    // An account notice: sent while the merchant's email_notifications is on (modules/notifications).
    const prefs = await getNotificationPreferences(db, row.user_id);
    if (!prefs || mailRefusal(prefs, 'notice')) return undefined;
    const mail = walletGapMail({ name: row.name, wallet: row, needed, at: new Date() });
    await createMailer({ config, db, log }).send({ to: row.email, ...mail });
    return undefined;
  },
});
