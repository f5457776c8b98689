import { LIVE_CLOSE, type TLiveDeviceMessage } from '@coinlane/core/api/live';
import type { TPosSale } from '@coinlane/core/api/pos';
import { useEffect, useRef, useState } from 'react';

export type PosLiveState = 'connecting' | 'open' | 'reconnecting';

/** First reconnect wait, doubled per failed try up to the cap. */
export const BACKOFF_MS = 1000;
export const BACKOFF_CAP_MS = 15_000;
/** The device pings this often; a socket that answered nothing for two periods is taken as dead. */
const PING_MS = 15_000;

/** The wait before reconnect try `attempt` (0-based): 1 s, 2 s, 4 s ... up to 15 s. */
export const backoffDelay = (attempt: number) => Math.min(BACKOFF_CAP_MS, BACKOFF_MS * 2 ** attempt);

/**
 * The device's live socket (`/ws?token=cl_pos_...`): each `payment.updated` of its sales goes to `onSale`. A drop
 * (the network, the server, the browser going offline) shows as 'reconnecting'; it reconnects with backoff, at once
 * when the browser is back online, and calls `onReconnected` once open again, so the page reads the true state of
 * what it shows (changes made while it was away are not replayed on the socket). A 4001 close (revoked or replaced
 * credential) calls `onUnpaired` and stops.
 */
export function usePosLive({
  credential,
  onSale,
  onReconnected,
  onUnpaired,
}: {
  credential: string | null;
  onSale: (sale: TPosSale) => void;
  onReconnected: () => void;
  onUnpaired: () => void;
}): PosLiveState {
  const [state, setState] = useState<PosLiveState>('connecting');
  const handlers = useRef({ onSale, onReconnected, onUnpaired });
  handlers.current = { onSale, onReconnected, onUnpaired };

  useEffect(() => {
    if (!credential || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let dropped = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;
    let heard = true;

    const drop = () => {
      if (stopped) return;
      dropped = true;
      setState('reconnecting');
    };
    const schedule = (wait: number) => {
      if (retry) clearTimeout(retry);
      retry = setTimeout(connect, wait);
    };
    function connect() {
      if (stopped) return;
      retry = null;
      const url = new URL('/ws', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.searchParams.set('token', credential!);
      const ws = new WebSocket(url);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        heard = true;
        setState('open');
        if (dropped) {
          dropped = false;
          handlers.current.onReconnected();
        }
      };
      ws.onmessage = (ev) => {
        heard = true;
        let msg: TLiveDeviceMessage;
        try {
          msg = JSON.parse(String(ev.data));
        } catch {
          return;
        }
        if (msg.type === 'payment.updated' && msg.data && typeof msg.data.id === 'string') {
          handlers.current.onSale(msg.data);
        }
      };
      ws.onclose = (ev) => {
        if (socket !== ws) return;
        socket = null;
        if (stopped) return;
        if (ev.code === LIVE_CLOSE.unauthorized) {
          stopped = true;
          handlers.current.onUnpaired();
          return;
        }
        drop();
        schedule(backoffDelay(attempt++));
      };
    }
    const online = () => {
      // Back online: try now rather than at the end of the backoff.
      if (!socket) {
        attempt = 0;
        schedule(0);
      }
    };
    const offline = () => {
      // The browser knows the network is gone: say so now, and reconnect when it is back.
      const ws = socket;
      socket = null;
      ws?.close();
      drop();
      if (retry) clearTimeout(retry);
      retry = null;
    };
    ping = setInterval(() => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      if (!heard) {
        // Nothing for a whole period, not even the pong: a silently dead connection.
        socket.close();
        return;
      }
      heard = false;
      socket.send('{"type":"ping"}');
    }, PING_MS);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      socket?.close(1000);
    };
  }, [credential]);

  return state;
}
