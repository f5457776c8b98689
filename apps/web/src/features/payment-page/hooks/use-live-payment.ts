import { useEffect, useRef } from 'react';
import { getPaymentStatus } from '../api/checkout-api.ts';
import {
  liveUrl,
  nextReconnectDelay,
  PING_INTERVAL_MS,
  POLL_INTERVAL_MS,
  UNKNOWN_PAYMENT_CLOSE_CODE,
} from '../live-schedule.ts';
import type { TPaymentUpdate } from '../state.ts';

type Options = {
  paymentId: string | null;
  /** Pending or partial: the page listens; on confirmed, failed or expired the connection closes. */
  active: boolean;
  live: boolean;
  onUpdate: (update: TPaymentUpdate) => void;
  onLive: (connected: boolean) => void;
};

/**
 * Live updates of one payment: a WebSocket to /ws?paymentId=..., reconnecting with a backoff of 1 s × 2^n
 * up to 5 attempts after a drop (merchant spec 4); while there is no live connection, the public status is
 * polled every 30 s. On (re)connect the status is read once, so nothing sent while disconnected is missed.
 */
export function useLivePayment({ paymentId, active, live, onUpdate, onLive }: Options) {
  const handlers = useRef({ onUpdate, onLive });
  handlers.current = { onUpdate, onLive };

  useEffect(() => {
    if (!paymentId || !active || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let attempts = 0;
    let stopped = false;

    const refresh = () =>
      getPaymentStatus(paymentId).then(
        (s) => !stopped && handlers.current.onUpdate({ ...s, id: paymentId }),
        () => {},
      );

    const connect = () => {
      const ws = new WebSocket(liveUrl(window.location, paymentId));
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        handlers.current.onLive(true);
        void refresh();
        ping = setInterval(
          () => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'),
          PING_INTERVAL_MS,
        );
      };
      ws.onmessage = (e) => {
        let msg: { type?: string; data?: TPaymentUpdate } | null = null;
        try {
          msg = JSON.parse(String(e.data));
        } catch {
          return;
        }
        if (msg?.type === 'payment.updated' && msg.data && msg.data.id === paymentId) {
          handlers.current.onUpdate(msg.data);
        }
      };
      ws.onclose = (e) => {
        clearInterval(ping);
        if (socket === ws) socket = null;
        handlers.current.onLive(false);
        if (stopped || e.code === UNKNOWN_PAYMENT_CLOSE_CODE) return;
        const delay = nextReconnectDelay(attempts);
        if (delay === null) return;
        attempts += 1;
        retry = setTimeout(connect, delay);
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close(1000);
      handlers.current.onLive(false);
    };
  }, [paymentId, active]);

  // Polling carries the page whenever there is no live connection.
  useEffect(() => {
    if (!paymentId || !active || live) return;
    const timer = setInterval(() => {
      getPaymentStatus(paymentId).then(
        (s) => handlers.current.onUpdate({ ...s, id: paymentId }),
        () => {},
      );
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paymentId, active, live]);
}
