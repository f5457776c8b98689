import type { Db } from '#app/db/connection.ts';
import { listWatchedPayments, type WatchedPayment } from '#app/modules/payments/list-watched-payments.ts';

const DAY = 24 * 3600_000;
/** Created-at overlap of incremental reads (a payment committed late is still seen). */
const WATCH_OVERLAP_MS = 60_000;
/** How often the watched set is read whole again (drops payments past the watch window). */
const FULL_RELOAD_MS = 10 * 60_000;
const PAGE = 20_000;

/**
 * The payments a watcher (UTXO and EVM alike) reads pass after pass: at start and every 10 minutes all of the
 * network's live payments created in the last `watchDays` days plus every open one (a full reload, which
 * replaces the watched set), otherwise those created since the previous read less a minute (added to it).
 */
export function createWatchedPaymentsFeed({
  db,
  network,
  watchDays,
}: {
  db: Db;
  network: string;
  watchDays: number;
}) {
  let readUntil: Date | null = null;
  let lastFullReload = 0;
  return {
    /** The next read is a full reload (a watcher starting again). */
    reset() {
      lastFullReload = 0;
    },
    /**
     * This pass's payments, oldest first, a page at a time. The read counts once `pages` is read to its end; a pass
     * that fails before that leaves the next call to read the same again.
     */
    next(now: Date): { full: boolean; pages: AsyncGenerator<WatchedPayment[]> } {
      const full = lastFullReload === 0 || now.getTime() - lastFullReload > FULL_RELOAD_MS;
      const since = full
        ? new Date(now.getTime() - watchDays * DAY)
        : new Date((readUntil ?? now).getTime() - WATCH_OVERLAP_MS);
      async function* pages() {
        let after: { createdAt: Date; id: string } | undefined;
        let newest = readUntil;
        for (;;) {
          const rows = await listWatchedPayments({
            db,
            network,
            createdSince: since,
            includeOpen: full,
            limit: PAGE,
            after,
          });
          for (const r of rows) if (!newest || r.created_at > newest) newest = r.created_at;
          yield rows;
          if (rows.length < PAGE) break;
          const last = rows.at(-1)!;
          after = { createdAt: last.created_at, id: last.id };
        }
        readUntil = newest ?? since;
        // Only a full read that got to its end counts: after a failed one, the next pass reads everything again
        // (an incremental read would miss the open payments created before it).
        if (full) lastFullReload = now.getTime();
      }
      return { full, pages: pages() };
    },
  };
}
