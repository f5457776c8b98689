import type { Db } from '#app/db/connection.ts';
import type { WatchedPayment } from '#app/modules/payments/list-watched-payments.ts';
import { listWatchedRefunds } from '#app/modules/refunds/refund-transfers.ts';
import { createWatchedPaymentsFeed } from './watched-payments.ts';

/** A watched payment: its coin and, for a token, its contract (lower case; null for the native coin). */
export type WatchedPaymentRef = {
  paymentId: string;
  createdAt: Date;
  currency: string;
  contract: string | null;
};

/** A refund awaiting payment to a customer's address (decision 022): its coin and token contract (lower case). */
export type WatchedRefundRef = { refundId: string; currency: string; contract: string | null };

/**
 * A watched address: its stored form, decimals and payments, newest first (009, "Matching"), and the refunds awaiting
 * payment to it, oldest first (decision 022; absent or empty on a payment address). A transfer to an address with
 * refunds goes to the refunds, never to a payment.
 */
export type WatchedAddress = {
  address: string;
  decimals: number;
  payments: WatchedPaymentRef[];
  refunds?: WatchedRefundRef[];
};

export type WatchedAddresses = {
  /** The entry of an address as the chain writes it (looked up by the family's key: EVM lower case). */
  get(address: string): WatchedAddress | undefined;
  readonly size: number;
  entries(): IterableIterator<WatchedAddress>;
  /** Token contract (lower case) -> coin, of the watched payments: only these contracts are read (EVM). */
  readonly contracts: ReadonlyMap<string, string>;
  /** Whether a payment in the network's native coin is watched. */
  readonly native: boolean;
};

type WatchedState = { byKey: Map<string, WatchedAddress>; contracts: Map<string, string>; native: boolean };

/**
 * The watched set of a watcher (any family): the live payments of its network read by the watched-payments feed
 * (a full reload at start and every 10 minutes, new ones in between), as a map from each address to all its
 * payments, newest first. `keyOf` normalises addresses (EVM: case-insensitive).
 */
export function createWatchedAddresses({
  db,
  network,
  watchDays,
  keyOf = (a) => a,
}: {
  db: Db;
  network: string;
  watchDays: number;
  keyOf?: (address: string) => string;
}) {
  const feed = createWatchedPaymentsFeed({ db, network, watchDays });
  let state: WatchedState = { byKey: new Map(), contracts: new Map(), native: false };
  // The refunds awaiting payment, read again every pass (few rows; a reopened refund is watched at once).
  let refunds: WatchedState = { byKey: new Map(), contracts: new Map(), native: false };
  /** Whether a watched refund has no start height yet (the watcher sets it before reading blocks). */
  let unstarted = false;

  /** An address's entry: its payments' (with its refunds attached), else its refunds' alone. */
  const merged = (key: string): WatchedAddress | undefined => {
    const p = state.byKey.get(key);
    const r = refunds.byKey.get(key);
    if (!r) return p;
    return p ? { ...p, refunds: r.refunds ?? [] } : r;
  };
  const view: WatchedAddresses = {
    get: (address) => merged(keyOf(address)),
    get size() {
      let n = state.byKey.size;
      for (const k of refunds.byKey.keys()) if (!state.byKey.has(k)) n++;
      return n;
    },
    *entries() {
      for (const k of state.byKey.keys()) yield merged(k)!;
      for (const [k, r] of refunds.byKey) if (!state.byKey.has(k)) yield r;
    },
    get contracts() {
      if (refunds.contracts.size === 0) return state.contracts;
      return new Map([...state.contracts, ...refunds.contracts]);
    },
    get native() {
      return state.native || refunds.native;
    },
  };

  /** Reads the network's refunds awaiting payment into their own map (decision 022). */
  async function refreshRefunds(): Promise<void> {
    const next: WatchedState = { byKey: new Map(), contracts: new Map(), native: false };
    let anyUnstarted = false;
    for (const r of await listWatchedRefunds({ db, network })) {
      if (r.watchFromHeight === null) anyUnstarted = true;
      const key = keyOf(r.address);
      let entry = next.byKey.get(key);
      if (!entry) {
        entry = { address: r.address, decimals: r.decimals, payments: [], refunds: [] };
        next.byKey.set(key, entry);
      }
      if (r.contract) next.contracts.set(r.contract, r.currency);
      else next.native = true;
      entry.refunds!.push({ refundId: r.id, currency: r.currency, contract: r.contract });
    }
    refunds = next;
    unstarted = anyUnstarted;
  }

  /** Adds a row to `next`; true when it is a payment the previous set did not have on its address. */
  function add(next: WatchedState, r: WatchedPayment): boolean {
    const key = keyOf(r.address);
    let entry = next.byKey.get(key);
    if (!entry) {
      entry = { address: r.address, decimals: r.decimals, payments: [] };
      next.byKey.set(key, entry);
    }
    if (r.contract_address) next.contracts.set(r.contract_address.toLowerCase(), r.currency);
    else next.native = true;
    if (entry.payments.some((p) => p.paymentId === r.id)) return false;
    const isNew = !state.byKey.get(key)?.payments.some((p) => p.paymentId === r.id);
    entry.payments.unshift({
      paymentId: r.id,
      createdAt: r.created_at,
      currency: r.currency,
      contract: r.contract_address?.toLowerCase() ?? null,
    }); // rows come oldest first
    return isNew;
  }

  return {
    view,
    /** The next read is a full reload (a watcher starting again). */
    reset: () => feed.reset(),
    /** Reads the refunds awaiting payment again (after a rollback reopened some). */
    refreshRefunds,
    /** Whether a watched refund still needs its start height (startWatchingRefunds). */
    hasUnstartedRefunds: () => unstarted,
    /**
     * Reads this pass's payments. With `trackAdded`, returns the keys of addresses new to the set or given another
     * payment (their transactions may already wait in a mempool); else an empty list.
     */
    async refresh(now: Date, trackAdded: boolean): Promise<string[]> {
      const { full, pages } = feed.next(now);
      const next: WatchedState = full ? { byKey: new Map(), contracts: new Map(), native: false } : state;
      const added = new Set<string>();
      for await (const rows of pages) {
        for (const r of rows) if (add(next, r) && trackAdded) added.add(keyOf(r.address));
      }
      state = next;
      await refreshRefunds();
      return [...added];
    },
  };
}
