import { LIVE_CLOSE } from '@coinlane/core/api/live';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '#app/db/connection.ts';
import { authenticateApiKey } from '#app/modules/api-keys/authenticate-api-key.ts';
import { getSessionByToken } from '#app/modules/auth/sessions.ts';
import { getOutboxEvent } from '#app/modules/outbox/get-outbox-event.ts';
import { listOutboxEventsBetween } from '#app/modules/outbox/list-outbox-events-after.ts';
import type { OutboxNotification } from '#app/modules/outbox/notify-outbox-event.ts';
import type { PaymentNotification } from '#app/modules/payments/notify-payment-changed.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { authenticatePosDevice } from '#app/modules/pos/authenticate-pos-device.ts';
import { posSaleUpdate } from '#app/modules/pos/pos-sale-update.ts';
import { merchantPaymentUpdates, publicPaymentUpdate } from './payment-updates.ts';
import { isWebhookEventType, webhookEventMessageOf } from './webhook-event-message.ts';

/** At most this many events of a merchant are caught up at once before the one heard (see #deliverEvent). */
const MAX_EVENTS_CAUGHT_UP = 1000;
/** Per merchant and mode, this many ids of the events sent last are kept, so none is sent twice (#deliverEvent). */
const SENT_EVENTS_KEPT = 2 * MAX_EVENTS_CAUGHT_UP;

/** How a merchant socket signed in: re-checked every revalidation period. */
export type LiveCredential = { kind: 'session'; token: string } | { kind: 'api_key'; key: string };

export type LiveSubscription =
  | {
      kind: 'merchant';
      userId: string;
      mode: TMode;
      credential: LiveCredential;
      /** Also sent every webhook event of the merchant and mode (`coinlane listen`). */
      webhookEvents: boolean;
    }
  | { kind: 'payment'; paymentId: string }
  /** A point-of-sale device (decision 026): the sales it rang up, signed in by its credential. */
  | { kind: 'device'; userId: string; mode: TMode; deviceId: string; credential: string };

/** One open socket and what it listens to. */
export type LiveClient = {
  ws: WebSocket;
  ip: string;
  sub: LiveSubscription;
  /** Answered the last ping (pong frame or a `ping` message). */
  alive: boolean;
  /** False until the socket has had its hello (and, for a payment, its current state). */
  ready: boolean;
  /** An update came while not ready: the current state is sent again once ready. */
  missed: boolean;
};

/** A socket whose unsent output grows past this is too slow to keep up, and is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** WebSocket close reasons are limited to 123 bytes. */
const reason = (text: string) => Buffer.from(text).subarray(0, 123).toString();

/**
 * The sockets of this process and their subscriptions, in maps keyed by what a change names: merchant
 * sockets by `userId:mode`, payer page sockets by payment id. A change nobody here listens to costs a map
 * lookup; a closed socket is removed from every map. One heartbeat timer and one revalidation timer serve all.
 */
export class LiveHub {
  readonly #db: Db;
  readonly #deps: PaymentDeps;
  readonly #log: FastifyBaseLogger;
  readonly #publicPerIp: number;
  readonly #clients = new Set<LiveClient>();
  readonly #merchants = new Map<string, Set<LiveClient>>();
  readonly #payments = new Map<string, Set<LiveClient>>();
  /** Point-of-sale device sockets by `userId:mode` of their merchant (each receives only its own device's sales). */
  readonly #devices = new Map<string, Set<LiveClient>>();
  readonly #publicByIp = new Map<string, number>();
  /** Merchant sockets that asked for webhook events, by `userId:mode`. */
  readonly #eventListeners = new Map<string, Set<LiveClient>>();
  /** Per `userId:mode`, the chain of events being loaded: each is sent after the one before, in commit order. */
  readonly #eventChains = new Map<string, Promise<void>>();
  /** Per `userId:mode` with listeners, the latest event sent or known when the first listener came (its seq). */
  readonly #eventCursors = new Map<string, number>();
  /** Per `userId:mode` with listeners, the ids of the events sent last (insertion order, SENT_EVENTS_KEPT at most). */
  readonly #eventsSent = new Map<string, Set<string>>();
  /** Payments being loaded for delivery; `again` when another change came meanwhile. */
  readonly #loading = new Map<string, { n: PaymentNotification; again: boolean }>();
  /** Changes heard in this turn of the event loop, loaded together on the next (#deliverBatch). */
  #queued: { n: PaymentNotification; again: boolean }[] = [];
  readonly #timers: NodeJS.Timeout[] = [];
  #revalidating = false;
  #closed = false;

  constructor({
    db,
    deps,
    log,
    heartbeatMs,
    revalidateMs,
    publicPerIp,
  }: {
    db: Db;
    /** The payments module's dependencies: reading a payment applies its lapsed price lock. */
    deps: PaymentDeps;
    log: FastifyBaseLogger;
    heartbeatMs: number;
    revalidateMs: number;
    publicPerIp: number;
  }) {
    this.#db = db;
    this.#deps = deps;
    this.#log = log;
    this.#publicPerIp = publicPerIp;
    const heartbeat = setInterval(() => this.heartbeat(), heartbeatMs);
    const revalidate = setInterval(() => void this.revalidate(), revalidateMs);
    heartbeat.unref();
    revalidate.unref();
    this.#timers.push(heartbeat, revalidate);
  }

  /** Open sockets (subscribed) in this process. */
  get size() {
    return this.#clients.size;
  }

  /** What the hub holds: all zero once every socket has closed. */
  stats() {
    return {
      clients: this.#clients.size,
      merchantKeys: this.#merchants.size,
      payments: this.#payments.size,
      devices: this.#devices.size,
      publicAddresses: this.#publicByIp.size,
      loading: this.#loading.size,
      eventListeners: this.#eventListeners.size,
      eventChains: this.#eventChains.size,
    };
  }

  /**
   * Counts a payer page socket against its address's limit, before its payment is looked up. False when the
   * address already holds the maximum; otherwise the caller must `release` it unless `add` takes it over.
   */
  reservePublic(ip: string): boolean {
    const n = this.#publicByIp.get(ip) ?? 0;
    if (n >= this.#publicPerIp) return false;
    this.#publicByIp.set(ip, n + 1);
    return true;
  }

  releasePublic(ip: string) {
    const n = (this.#publicByIp.get(ip) ?? 1) - 1;
    if (n <= 0) this.#publicByIp.delete(ip);
    else this.#publicByIp.set(ip, n);
  }

  /** Subscribes a socket (a payer page one must hold a reservation). Removed again on close. */
  add(client: LiveClient) {
    if (this.#closed) {
      client.ws.close(LIVE_CLOSE.goingAway, 'Server shutting down');
      return;
    }
    this.#clients.add(client);
    const [map, key] = this.#slot(client.sub);
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(client);
    if (client.sub.kind === 'merchant' && client.sub.webhookEvents) {
      const k = `${client.sub.userId}:${client.sub.mode}`;
      let listeners = this.#eventListeners.get(k);
      if (!listeners) {
        listeners = new Set();
        this.#eventListeners.set(k, listeners);
      }
      listeners.add(client);
    }
    client.ws.once('close', () => this.#remove(client));
  }

  /** Marks a socket ready; if an update passed it by meanwhile, its payment is sent again. */
  ready(client: LiveClient) {
    client.ready = true;
    if (client.missed && client.sub.kind === 'payment') {
      client.missed = false;
      void this.#deliverPublicTo(client, client.sub.paymentId);
    }
  }

  /** A payment changed (from LISTEN): loads it once and sends it to this process's matching sockets. */
  notify = (n: PaymentNotification) => {
    if (this.#closed) return;
    const key = `${n.userId}:${n.mode}`;
    if (!this.#merchants.has(key) && !this.#payments.has(n.paymentId) && !this.#devices.has(key)) return;
    const busy = this.#loading.get(n.paymentId);
    if (busy) {
      busy.again = true;
      return;
    }
    const entry = { n, again: false };
    this.#loading.set(n.paymentId, entry);
    // The changes heard together (a block's payments commit together) are loaded together, on the next turn.
    this.#queued.push(entry);
    if (this.#queued.length === 1) setImmediate(() => void this.#deliverBatch(this.#queued.splice(0)));
  };

  /**
   * An outbox event was committed (from LISTEN): when a socket of its merchant and mode asked for webhook events,
   * its delivery body is built and sent to them. Events of one merchant are sent in the order they came.
   */
  notifyEvent = (n: OutboxNotification) => {
    if (this.#closed) return;
    const k = `${n.userId}:${n.mode}`;
    if (!this.#eventListeners.has(k)) return;
    const before = this.#eventChains.get(k) ?? Promise.resolve();
    const next = before.then(() => this.#deliverEvent(k, n));
    this.#eventChains.set(k, next);
    void next.finally(() => {
      if (this.#eventChains.get(k) === next) this.#eventChains.delete(k);
    });
  };

  /**
   * Where a merchant's events start for this process's listeners: its latest webhook event when the first of them
   * subscribed (`seq`, read by routes.ts after `add`). An event heard before this keeps its own place.
   */
  startEvents(userId: string, mode: TMode, seq: number): void {
    const k = `${userId}:${mode}`;
    if (this.#eventListeners.has(k) && !this.#eventCursors.has(k)) this.#eventCursors.set(k, seq);
  }

  /**
   * Sends the event heard, after any event of the merchant committed before it and not sent yet: a payment
   * created outside a transaction announces itself after its commit (db/notices.ts, decision 036), so a later
   * change of the same payment, announced at its own commit, can be heard first. The events between the last one
   * sent and this one are read in commit order (seq); one heard after its place was passed is sent when heard,
   * unless that read had sent it already (its id among those sent last).
   */
  async #deliverEvent(k: string, n: OutboxNotification) {
    try {
      if (!this.#eventListeners.get(k)?.size) return;
      const event = await getOutboxEvent({ db: this.#db, id: n.eventId, userId: n.userId, mode: n.mode });
      if (!event) return;
      const cursor = this.#eventCursors.get(k);
      const events =
        cursor !== undefined && event.seq > cursor + 1
          ? await listOutboxEventsBetween({
              db: this.#db,
              userId: n.userId,
              mode: n.mode,
              afterSeq: cursor,
              upToSeq: event.seq,
              limit: MAX_EVENTS_CAUGHT_UP,
            })
          : [event];
      // more than the limit between: the heard one is still sent, after those read
      if (events.at(-1)?.id !== event.id) events.push(event);
      if (!this.#eventListeners.get(k)?.size) return; // the last listener left during the reads
      if (cursor === undefined || event.seq > cursor) this.#eventCursors.set(k, event.seq);
      const sent = this.#eventsSent.get(k) ?? new Set<string>();
      this.#eventsSent.set(k, sent);
      for (const e of events) {
        if (!isWebhookEventType(e.type) || sent.has(e.id)) continue;
        sent.add(e.id);
        if (sent.size > SENT_EVENTS_KEPT) sent.delete(sent.values().next().value!);
        const text = await webhookEventMessageOf({ db: this.#db, event: e });
        for (const c of this.#eventListeners.get(k) ?? []) this.#send(c, text);
      }
    } catch (err) {
      this.#log.error({ err, eventId: n.eventId }, 'live updates: could not load a webhook event');
    }
  }

  /**
   * Checks every merchant socket's session or API key again, each credential once; a session that ended
   * (signed out, idle past session_timeout, account suspended) or a key no longer valid closes with 4001; a
   * session now in the other mode closes with 4002. Does not count as session activity.
   */
  async revalidate(): Promise<void> {
    if (this.#revalidating || this.#closed) return;
    this.#revalidating = true;
    try {
      const byCredential = new Map<string, LiveClient[]>();
      for (const c of this.#clients) {
        const id = credentialId(c.sub);
        if (!id) continue;
        const list = byCredential.get(id);
        if (list) list.push(c);
        else byCredential.set(id, [c]);
      }
      for (const clients of byCredential.values()) {
        const sub = clients[0]!.sub as SignedInSubscription;
        let verdict: { close: number; text: string } | null;
        try {
          verdict = await this.#check(sub);
        } catch (err) {
          // The database did not answer: keep the sockets, try again next period.
          this.#log.warn({ err }, 'live updates: could not re-check a socket credential');
          continue;
        }
        if (!verdict) continue;
        for (const c of clients) c.ws.close(verdict.close, reason(verdict.text));
      }
    } finally {
      this.#revalidating = false;
    }
  }

  /**
   * A device's credential ended (revoked, or replaced by a new pairing; from LISTEN, any process): its sockets are
   * checked again now, and those whose credential no longer works close with 4001.
   */
  recheckDevice = (deviceId: string) => {
    if (this.#closed) return;
    const byCredential = new Map<string, LiveClient[]>();
    for (const c of this.#clients) {
      if (c.sub.kind !== 'device' || c.sub.deviceId !== deviceId) continue;
      const list = byCredential.get(c.sub.credential);
      if (list) list.push(c);
      else byCredential.set(c.sub.credential, [c]);
    }
    for (const clients of byCredential.values()) {
      void this.#check(clients[0]!.sub as SignedInSubscription)
        .then((verdict) => {
          if (verdict) for (const c of clients) c.ws.close(verdict.close, reason(verdict.text));
        })
        .catch((err) => this.#log.warn({ err }, 'live updates: could not re-check a device socket'));
    }
  };

  /** Stops the timers and closes every socket with 1001 (the server is going away). */
  close() {
    this.#closed = true;
    for (const t of this.#timers) clearInterval(t);
    for (const c of this.#clients) c.ws.close(LIVE_CLOSE.goingAway, 'Server shutting down');
  }

  async #check(sub: SignedInSubscription): Promise<{ close: number; text: string } | null> {
    if (sub.kind === 'device') {
      try {
        const device = await authenticatePosDevice({ db: this.#db, credential: sub.credential });
        return device.deviceId === sub.deviceId && device.mode === sub.mode
          ? null
          : { close: LIVE_CLOSE.unauthorized, text: T.posDeviceInvalid };
      } catch (err) {
        if (err instanceof AppError) return { close: LIVE_CLOSE.unauthorized, text: err.message };
        throw err;
      }
    }
    const cred = sub.credential;
    if (cred.kind === 'session') {
      const session = await getSessionByToken({ db: this.#db, token: cred.token, touch: false });
      if (!session) return { close: LIVE_CLOSE.unauthorized, text: T.sessionExpired };
      if (session.mode !== sub.mode) return { close: LIVE_CLOSE.modeChanged, text: 'Mode changed' };
      return null;
    }
    try {
      const key = await authenticateApiKey({ db: this.#db, key: cred.key });
      if (!key.permissions.includes('read')) {
        return { close: LIVE_CLOSE.forbidden, text: T.apiKeyMissingPermission('read') };
      }
      return key.mode === sub.mode ? null : { close: LIVE_CLOSE.unauthorized, text: T.apiKeyInvalid };
    } catch (err) {
      if (err instanceof AppError) return { close: LIVE_CLOSE.unauthorized, text: err.message };
      throw err;
    }
  }

  #slot(sub: LiveSubscription): [Map<string, Set<LiveClient>>, string] {
    if (sub.kind === 'merchant') return [this.#merchants, `${sub.userId}:${sub.mode}`];
    if (sub.kind === 'device') return [this.#devices, `${sub.userId}:${sub.mode}`];
    return [this.#payments, sub.paymentId];
  }

  #remove(client: LiveClient) {
    if (!this.#clients.delete(client)) return;
    const [map, key] = this.#slot(client.sub);
    const set = map.get(key);
    set?.delete(client);
    if (set?.size === 0) map.delete(key);
    if (client.sub.kind === 'payment') this.releasePublic(client.ip);
    const listeners = this.#eventListeners.get(key);
    if (listeners?.delete(client) && listeners.size === 0) {
      this.#eventListeners.delete(key);
      this.#eventCursors.delete(key);
      this.#eventsSent.delete(key);
    }
  }

  /**
   * Delivers the payments' current state: the merchants' views in one read for all of them (merchantPaymentUpdates),
   * the payer pages' and devices' payment by payment; again for those that changed once more during the load.
   */
  async #deliverBatch(entries: { n: PaymentNotification; again: boolean }[]) {
    let round = entries;
    while (round.length > 0 && !this.#closed) {
      for (const e of round) e.again = false;
      const merchantsOf = (n: PaymentNotification) => this.#merchants.get(`${n.userId}:${n.mode}`);
      const forMerchants = round.filter((e) => merchantsOf(e.n)?.size);
      if (forMerchants.length > 0) {
        try {
          const texts = await merchantPaymentUpdates({
            deps: this.#deps,
            db: this.#db,
            payments: forMerchants.map((e) => e.n),
          });
          for (const e of forMerchants) {
            const text = texts.get(e.n.paymentId);
            if (text) for (const c of merchantsOf(e.n) ?? []) this.#send(c, text);
          }
        } catch (err) {
          this.#log.error(
            { err, payments: forMerchants.length },
            'live updates: could not load changed payments',
          );
        }
      }
      for (const { n } of round) {
        const { paymentId, userId, mode } = n;
        try {
          if (this.#devices.get(`${userId}:${mode}`)?.size) {
            const update = await posSaleUpdate({ deps: this.#deps, db: this.#db, paymentId });
            if (update) {
              for (const c of this.#devices.get(`${userId}:${mode}`) ?? []) {
                if (c.sub.kind === 'device' && c.sub.deviceId === update.deviceId) this.#send(c, update.text);
              }
            }
          }
          if (this.#payments.get(paymentId)?.size) {
            const text = await publicPaymentUpdate({ deps: this.#deps, db: this.#db, paymentId });
            if (text) for (const c of this.#payments.get(paymentId) ?? []) this.#send(c, text);
          }
        } catch (err) {
          this.#log.error({ err, paymentId }, 'live updates: could not load a changed payment');
        }
      }
      round = round.filter((e) => e.again);
    }
    for (const e of entries) this.#loading.delete(e.n.paymentId);
  }

  async #deliverPublicTo(client: LiveClient, paymentId: string) {
    try {
      const text = await publicPaymentUpdate({ deps: this.#deps, db: this.#db, paymentId });
      if (text) this.#send(client, text);
    } catch (err) {
      this.#log.error({ err, paymentId }, 'live updates: could not load a payment');
    }
  }

  #send(client: LiveClient, text: string) {
    if (!client.ready) {
      client.missed = true;
      return;
    }
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.ws.terminate();
      return;
    }
    client.ws.send(text);
  }

  /**
   * One heartbeat (every LIVE_HEARTBEAT_SECONDS): a socket that has not answered the previous ping (pong frame
   * or `ping` message) is terminated; every other one is pinged.
   */
  heartbeat() {
    for (const c of this.#clients) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.ws.ping();
      } catch {
        c.ws.terminate();
      }
    }
  }
}

/** A subscription signed in by a credential that is checked again every revalidation period. */
type SignedInSubscription = Extract<LiveSubscription, { kind: 'merchant' | 'device' }>;

/** One id per distinct credential (sockets sharing one are checked once); null for a payer page socket. */
function credentialId(sub: LiveSubscription): string | null {
  if (sub.kind === 'payment') return null;
  if (sub.kind === 'device') return `device:${sub.credential}`;
  const cred = sub.credential;
  return `${cred.kind}:${cred.kind === 'session' ? cred.token : cred.key}`;
}
