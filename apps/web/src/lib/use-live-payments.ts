import { LIVE_CLOSE, type TLiveMerchantMessage } from '@coinlane/core/api/live';
import type { TPaymentDetail } from '@coinlane/core/api/payments';
import { type TTransaction, transactionStatusOf } from '@coinlane/core/api/transactions';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/**
 * Query-key roots of the cached reads that live payment updates refresh. Features key their queries under
 * them: `[...LIVE_KEYS.transactions, filters]` for GET /transactions replies, `[...LIVE_KEYS.analytics, ...]`
 * for the dashboard's figures.
 */
export const LIVE_KEYS = {
  transactions: ['transactions'] as const,
  analytics: ['analytics'] as const,
};

export type LiveState = 'connecting' | 'open' | 'closed';

/** First reconnect wait, doubled per failed try up to the cap. */
const BACKOFF_MS = 1000;
const BACKOFF_CAP_MS = 30_000;
/** Figures are read again at most this often while updates stream in. */
const REFRESH_DEBOUNCE_MS = 400;

type TransactionsReply = { data: TTransaction[] };

/** A transaction row brought up to date from a payment (GET /payments/{id} shape). */
export function patchTransaction(row: TTransaction, p: TPaymentDetail): TTransaction {
  return {
    ...row,
    status: transactionStatusOf(p.status),
    paymentStatus: p.status,
    exception: p.exception,
    canAccept: p.canAccept,
    amount: p.amount,
    amountReceived: p.amountReceived,
    amountConfirmed: p.amountConfirmed,
    amountExcess: p.amountExcess,
    usdAmount: p.usdAmount,
    usdConfirmed: p.usdConfirmed,
    confirmations: p.confirmations,
    requiredConfirmations: p.requiredConfirmations,
    txid: p.txHash,
    confirmedAt: p.confirmedAt,
    forwarder: row.forwarder && {
      flushedAt: p.flushedAt ?? row.forwarder.flushedAt,
      flushTx: p.flushTx ?? row.forwarder.flushTx,
    },
  };
}

/**
 * Applies one payment update to the cache: rows already shown change at once (status, confirmations), then
 * the lists and figures are read again shortly after (a new payment, the summary, the dashboard totals).
 * Returns whether some cached row showed the payment.
 */
export function applyPaymentUpdate(client: QueryClient, payment: TPaymentDetail): boolean {
  let found = false;
  client.setQueriesData<TransactionsReply>({ queryKey: LIVE_KEYS.transactions }, (old) => {
    if (!old || !Array.isArray(old.data)) return old;
    if (!old.data.some((t) => t.id === payment.id)) return old;
    found = true;
    return { ...old, data: old.data.map((t) => (t.id === payment.id ? patchTransaction(t, payment) : t)) };
  });
  return found;
}

/**
 * The merchant's live payment updates over the WebSocket `/ws` (same origin; the session cookie signs it
 * in). Each `payment.updated` patches the cached transaction rows and refreshes the lists and dashboard
 * figures. Reconnects after a drop with backoff (1 s, 2 s, 4 s ... up to 30 s), reading everything again
 * once back; stops when the server says the session is gone.
 */
export function useLivePayments({ enabled = true }: { enabled?: boolean } = {}): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') {
      setState('closed');
      return;
    }
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | null = null;

    const refresh = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void client.invalidateQueries({ queryKey: LIVE_KEYS.transactions });
        void client.invalidateQueries({ queryKey: LIVE_KEYS.analytics });
      }, REFRESH_DEBOUNCE_MS);
    };

    const connect = () => {
      if (stopped) return;
      setState('connecting');
      const url = new URL('/ws', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      const ws = new WebSocket(url);
      socket = ws;
      ws.onopen = () => {
        // After a drop, updates may have been missed: read again.
        if (attempt > 0) refresh();
        attempt = 0;
        setState('open');
      };
      ws.onmessage = (ev) => {
        let msg: TLiveMerchantMessage;
        try {
          msg = JSON.parse(String(ev.data));
        } catch {
          return;
        }
        if (msg.type === 'payment.updated' && msg.data && typeof msg.data.id === 'string') {
          applyPaymentUpdate(client, msg.data);
          refresh();
        }
      };
      ws.onclose = (ev) => {
        if (socket === ws) socket = null;
        if (stopped) return;
        setState('closed');
        if (ev.code === LIVE_CLOSE.unauthorized || ev.code === LIVE_CLOSE.forbidden) return;
        const wait =
          ev.code === LIVE_CLOSE.modeChanged ? 0 : Math.min(BACKOFF_CAP_MS, BACKOFF_MS * 2 ** attempt);
        attempt++;
        retry = setTimeout(connect, wait);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (timer.current) clearTimeout(timer.current);
      socket?.close(1000);
    };
  }, [client, enabled]);

  return state;
}
