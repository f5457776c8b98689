/// <reference types="node" />
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../verify-webhook.ts';
import { CliError, clock, consoleOutput, type Output, requireTestKey, serverUrlOf } from './output.ts';
import { generateSessionSecret, signBody } from './sign.ts';
import { HandshakeError, WebSocketClient, type WebSocketClose } from './websocket.ts';

/** The server pings every 25 s: a connection silent for this long is dead, whatever the OS thinks. */
const SILENT_MS = 70_000;
/** How long the local endpoint may take to answer one event. */
const FORWARD_TIMEOUT_MS = 10_000;
/** The close codes after which trying again cannot help (unauthorized, forbidden). */
const FATAL_CLOSES = new Set([4001, 4003]);
/** What real deliveries say they are. */
const USER_AGENT = 'Coinlane-Webhooks/1';
/** The most events the server sends again on a reconnection (its LIVE_REPLAY_MAX_EVENTS). */
const REPLAY_MAX = 100;
/** Event ids remembered, to drop one sent twice (in the replay and live) around a reconnection. */
const SEEN_MAX = 1000;

export type ListenOptions = {
  /** A test mode key (`cl_test_...`) with the read permission. */
  apiKey: string | undefined;
  /** The Coinlane server (`https://pay.example.com`). */
  baseUrl: string | undefined;
  /** Your local webhook handler (`http://localhost:3001/webhooks`). */
  forwardTo: string | undefined;
  /** Forward only these event types (default: every event). */
  events?: readonly string[];
  /** The session's signing secret (default: a new one). */
  secret?: string;
  out?: Output;
  /** The backoff of reconnections: the first wait's ceiling and the largest (default 1 s and 30 s). */
  reconnectMs?: { first: number; max: number };
};

export type ListenSession = {
  /** The secret every forwarded event is signed with. */
  secret: string;
  /** Resolves when the session ends: stopped (`stop`), or the server refused the key (rejects with CliError). */
  done: Promise<void>;
  stop: () => Promise<void>;
};

type ServerMessage = {
  type?: unknown;
  id?: unknown;
  eventType?: unknown;
  body?: unknown;
  mode?: unknown;
  lastEventId?: unknown;
  replayed?: unknown;
};

/**
 * `coinlane listen`: receives the merchant's webhook events over the server's WebSocket (`/ws?events=webhooks`,
 * the key in the Authorization header) and forwards each, one after the other, to `forwardTo`, signed as a real
 * delivery but with the session's own secret. Reconnects with backoff when the connection drops, asking for the
 * events after the last one it had (`&since=`), so that those that fired meanwhile are forwarded then.
 */
export function listen(options: ListenOptions): ListenSession {
  const apiKey = requireTestKey(options.apiKey, 'listen');
  const server = serverUrlOf(options.baseUrl);
  const forwardTo = localUrlOf(options.forwardTo);
  const out = options.out ?? consoleOutput;
  const secret = options.secret ?? generateSessionSecret();
  const only = options.events?.length ? new Set(options.events) : null;
  const { first, max } = options.reconnectMs ?? { first: 1000, max: 30_000 };
  /** The last event the server sent (or, before any, the latest one it had when the listener connected). */
  let lastEventId: string | null = null;
  const seen = new Set<string>();
  const wsUrl = () =>
    `${server}/ws?events=webhooks${lastEventId ? `&since=${encodeURIComponent(lastEventId)}` : ''}`;

  let stopped = false;
  let socket: WebSocketClient | null = null;
  let wake: (() => void) | null = null;
  let forwarding: Promise<void> = Promise.resolve();

  out.info(`Ready: forwarding the test mode webhook events of ${server} to ${forwardTo}`);
  out.info(`Your webhook signing secret for this session is ${secret}`);
  out.info('  (give it to verifyWebhook while you develop; press Ctrl+C to stop)');
  if (only) out.info(`Forwarding only: ${[...only].join(', ')}`);

  const forward = async (eventId: string, eventType: string, body: string) => {
    const at = clock(new Date());
    try {
      const res = await fetch(forwardTo, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER]: signBody(body, secret),
          [WEBHOOK_EVENT_ID_HEADER]: eventId,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      out.info(`${at}  ${eventType}  ${eventId}  -> ${res.status}`);
    } catch (err) {
      out.info(`${at}  ${eventType}  ${eventId}  -> ${describeFetchError(err)}`);
    }
  };

  const onMessage = (text: string, onHello: (replayed: number) => void) => {
    let m: ServerMessage;
    try {
      m = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (m.type === 'hello') {
      if (lastEventId === null && typeof m.lastEventId === 'string') lastEventId = m.lastEventId;
      onHello(typeof m.replayed === 'number' ? m.replayed : 0);
      return;
    }
    if (m.type !== 'webhook.event') return;
    if (typeof m.id !== 'string' || typeof m.eventType !== 'string' || typeof m.body !== 'string') return;
    // Around a reconnection an event can come twice: in the replay and live.
    if (seen.has(m.id)) return;
    seen.add(m.id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as string);
    lastEventId = m.id;
    if (only && !only.has(m.eventType)) return;
    const { id, eventType, body } = m;
    // One at a time, in the order they came, as the server delivers one endpoint's events.
    forwarding = forwarding.then(() => forward(id, eventType, body));
  };

  /** One connection, until it ends: resolves with why. */
  const connectOnce = async (
    onHello: (replayed: number) => void,
  ): Promise<{ close?: WebSocketClose; error?: unknown }> => {
    let ws: WebSocketClient;
    try {
      ws = await WebSocketClient.connect(wsUrl(), { headers: { Authorization: `Bearer ${apiKey}` } });
    } catch (error) {
      return { error };
    }
    if (stopped) {
      ws.close(1000);
      return { close: { code: 1000, reason: '' } };
    }
    socket = ws;
    return new Promise((resolve) => {
      const silence = setInterval(() => {
        if (Date.now() - ws.lastFrameAt > SILENT_MS) ws.terminate();
      }, 5000);
      silence.unref();
      ws.onMessage = (text) => onMessage(text, onHello);
      ws.onClose = (close) => {
        clearInterval(silence);
        socket = null;
        resolve({ close });
      };
    });
  };

  const run = async () => {
    let failures = 0;
    let everConnected = false;
    while (!stopped) {
      const result = await connectOnce((replayed) => {
        failures = 0;
        out.info(everConnected ? `${clock(new Date())}  Reconnected` : `${clock(new Date())}  Connected`);
        if (replayed > 0) {
          out.info(
            `${clock(new Date())}  Forwarding the ${replayed === 1 ? 'event' : `${replayed} events`} that fired while disconnected` +
              (replayed >= REPLAY_MAX
                ? ` (the first ${REPLAY_MAX}; Settings > Webhooks lists every event)`
                : ''),
          );
        }
        everConnected = true;
      });
      if (stopped) break;
      const { close, error } = result;
      if (error instanceof HandshakeError && (error.status === 401 || error.status === 403)) {
        throw new CliError(`The server refused the API key (HTTP ${error.status}): ${messageOf(error.body)}`);
      }
      if (close && FATAL_CLOSES.has(close.code)) {
        throw new CliError(`The server closed the connection: ${close.reason || `code ${close.code}`}`);
      }
      // Exponential backoff with equal jitter: many listeners dropped by one restart do not return at once.
      const ceiling = Math.min(max, first * 2 ** failures);
      const wait = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
      failures++;
      const why = error
        ? `could not connect (${describeFetchError(error)})`
        : `connection lost (code ${close?.code ?? 1006})`;
      out.error(
        `${clock(new Date())}  ${why}; reconnecting in ${(wait / 1000).toFixed(1)} s ` +
          '(events that fire meanwhile are forwarded when it is back)',
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    await forwarding;
  };

  const done = run();
  return {
    secret,
    done,
    stop: async () => {
      stopped = true;
      socket?.close(1000, 'Listener stopped');
      wake?.();
      await done.catch(() => undefined);
    },
  };
}

/** The local endpoint: an http(s) URL. */
function localUrlOf(forwardTo: string | undefined): string {
  if (!forwardTo) {
    throw new CliError(
      'coinlane listen needs --forward-to: your local webhook URL, e.g. http://localhost:3001/webhooks',
    );
  }
  let url: URL;
  try {
    url = new URL(forwardTo);
  } catch {
    throw new CliError(`--forward-to is not a URL: ${forwardTo}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`--forward-to must be an http:// or https:// address: ${forwardTo}`);
  }
  return url.href;
}

/** `connect ECONNREFUSED 127.0.0.1:3001` rather than fetch's bare "fetch failed". */
export function describeFetchError(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return 'timed out';
  const cause =
    err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.message) return cause.message;
  if (cause?.code) return cause.code;
  const e = err as { code?: string; message?: string } | null;
  return e?.message || e?.code || String(err);
}

/** The `message` of an error envelope, else the text. */
function messageOf(body: string): string {
  try {
    const m = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
    if (m) return m;
  } catch {
    // not JSON
  }
  return body.slice(0, 200);
}
