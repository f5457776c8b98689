import { PagePromise, walkCursor } from '../pagination.ts';
import type { RequestOptions, Transport } from '../transport.ts';
import type {
  MovePayoutsResult,
  PayoutEntry,
  PayoutHistoryPage,
  PayoutHistoryParams,
  PayoutSummary,
} from '../types.ts';

/** Payouts: what Coinlane moved toward your wallets (flushes, swaps, conversions). Account-wide. */
export class Payouts {
  constructor(private readonly t: Transport) {}

  /** A page of the payout history, newest first; iterate the result with `for await` for every entry. */
  history(
    params: PayoutHistoryParams = {},
    options?: RequestOptions,
  ): PagePromise<PayoutHistoryPage, PayoutEntry> {
    const page = (before: string | undefined) =>
      this.t.data<PayoutHistoryPage>({
        method: 'GET',
        path: '/payouts/history',
        query: { ...params, before },
        options,
      });
    return new PagePromise(
      () => page(params.before),
      () => walkCursor(page, params.before),
    );
  }

  /** Total converted per payout currency, enabled rules, pending payouts. */
  summary(options?: RequestOptions): Promise<PayoutSummary> {
    return this.t.data({ method: 'GET', path: '/payouts/summary', options });
  }

  /** With auto payout off: asks the next flush round (within a minute) to move your confirmed funds. */
  moveNow(options?: RequestOptions): Promise<MovePayoutsResult> {
    return this.t.data({ method: 'POST', path: '/payouts/move-now', options });
  }
}
