import {
  LIVE_CLOSE,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_MAX_PAYLOAD_BYTES,
  LIVE_PUBLIC_SOCKETS_PER_IP,
  LIVE_REPLAY_MAX_EVENTS,
  LIVE_REVALIDATE_SECONDS,
  type TLiveHello,
  type TLivePublicPaymentUpdated,
  ZLiveClientMessage,
  ZLiveQuery,
} from '@coinlane/core/api/live';
import { POS_CREDENTIAL_START } from '@coinlane/core/api/pos';
import { WEBHOOK_EVENT_TYPES } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { CLEAR_ALL_CACHES, READ_CACHES, type TReadCache } from '#app/db/read-caches.ts';
import { originOfRequest } from '#app/http/same-origin.ts';
import { WakeSignals } from '#app/jobs/wake-signals.ts';
import { authenticateApiKey } from '#app/modules/api-keys/authenticate-api-key.ts';
import { SESSION_COOKIE } from '#app/modules/auth/sessions.ts';
import { lastOutboxEvent, listOutboxEventsAfter } from '#app/modules/outbox/list-outbox-events-after.ts';
import { authenticatePosDevice } from '#app/modules/pos/authenticate-pos-device.ts';
import { listenPaymentChanges } from './listen-payment-changes.ts';
import { type LiveClient, type LiveCredential, LiveHub, type LiveSubscription } from './live-hub.ts';
import { getLivePublicPayment } from './payment-updates.ts';
import { webhookEventMessageOf } from './webhook-event-message.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live-updates sockets (modules/live). */
    liveHub: LiveHub;
    /** This process's wake-ups from the database: queued jobs and outbox events (jobs/wake-signals.ts). */
    wakeSignals: WakeSignals;
  }
}

export type LiveOptions = {
  heartbeatMs?: number;
  revalidateMs?: number;
  publicSocketsPerIp?: number;
};

/** Client messages in a minute beyond which a socket is closed (1008). */
const MAX_MESSAGES_PER_MINUTE = 120;
/** Invalid client messages tolerated (ignored) before the socket is closed (1008). */
const MAX_INVALID_MESSAGES = 20;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Live updates: the `/ws` WebSocket, fed by the PostgreSQL channel of payment changes. Registers the hub and
 * the LISTEN connection on the app (one per process) and the route in its own context, so the WebSocket
 * plugin's handling touches no other route. The same connection feeds `app.wakeSignals` (queued jobs, outbox
 * events), which wake this process's job worker and webhook dispatcher (server.ts startRoles).
 */
export const livePlugin = fp<LiveOptions>(async (app, opts) => {
  const hub = new LiveHub({
    db: app.db,
    deps: app.payments,
    log: app.log,
    heartbeatMs: opts.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000,
    revalidateMs: opts.revalidateMs ?? LIVE_REVALIDATE_SECONDS * 1000,
    publicPerIp: opts.publicSocketsPerIp ?? LIVE_PUBLIC_SOCKETS_PER_IP,
  });
  app.decorate('liveHub', hub);
  // With the WebSocket plugin, every request carrying `Upgrade` arrives detached from the HTTP parser. One that
  // is answered over HTTP instead (refused by a hook: bad API key, rate limit; or not a WebSocket route) must
  // drop its socket after the answer, else the socket stays open, half-closed, and holds the server open.
  app.addHook('onResponse', async (req) => {
    if (req.raw.headers.upgrade && !req.raw.socket.destroyed) req.raw.socket.destroy();
  });
  const signals = new WakeSignals();
  app.decorate('wakeSignals', signals);
  const readCaches = app.dbHandle.readCaches;
  for (const name of Object.keys(READ_CACHES) as TReadCache[]) {
    app.processCaches.register(name, () => readCaches.clear(name));
  }
  const listener = await listenPaymentChanges({
    dbHandle: app.dbHandle,
    log: app.log,
    onChange: hub.notify,
    onOutboxEvent: (n) => {
      hub.notifyEvent(n);
      signals.outbox();
    },
    onJob: (name) => signals.job(name),
    onDeviceEnded: hub.recheckDevice,
    // The read caches (decision 029): kept only while this connection hears the cache channel; a table written
    // anywhere empties what read it, and the admin's Clear All Cache (any process) empties every cache here.
    onCacheChanged: (what) => {
      if (what === CLEAR_ALL_CACHES) app.processCaches.clearAll();
      else readCaches.invalidate(what);
    },
    onListening: (on) => readCaches.setListening(on),
  });
  app.addHook('onClose', async () => {
    hub.close();
    await listener.stop();
  });
  await app.register(liveRoutes, { hub });
});

const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_PAYLOAD_BYTES },
    // A client vanishing mid-frame is routine, not an application error.
    errorHandler: (err, socket, req) => {
      req.log.debug({ err }, 'live updates: socket error');
      socket.terminate();
    },
    preClose: (done) => {
      hub.close();
      app.websocketServer.close();
      done();
    },
  });

  app.get(
    '/ws',
    {
      websocket: true,
      // The handshake counts against the per-IP limit of the public routes, like the status polling it replaces.
      config: { publicRateLimit: true },
      schema: { querystring: ZLiveQuery },
    },
    async (socket, req) => {
      const client: Omit<LiveClient, 'sub'> = {
        ws: socket,
        ip: req.ip,
        alive: true,
        ready: false,
        missed: false,
      };
      watchClientMessages(socket, client);
      try {
        const deviceCredential = req.query.token?.startsWith(POS_CREDENTIAL_START)
          ? req.query.token
          : req.auth?.kind === 'device'
            ? BEARER.exec(req.headers.authorization ?? '')?.[1]
            : undefined;
        if (req.query.paymentId) await subscribePayment(app, hub, socket, client, req.query.paymentId);
        else if (deviceCredential) await subscribeDevice(app, hub, socket, client, deviceCredential);
        else await subscribeMerchant(app, hub, socket, client, req, req.query);
      } catch (err) {
        req.log.error({ err }, 'live updates: subscription failed');
        if (socket.readyState === socket.OPEN) socket.close(1011, 'Internal error');
      }
    },
  );
};

/** The payer page: one payment by id, public fields only, its current state first. */
async function subscribePayment(
  app: FastifyInstance,
  hub: LiveHub,
  socket: WebSocket,
  base: Omit<LiveClient, 'sub'>,
  paymentId: string,
) {
  if (!hub.reservePublic(base.ip)) {
    socket.close(LIVE_CLOSE.tooManyConnections, 'Too many connections from this address');
    return;
  }
  if (socket.readyState !== socket.OPEN) {
    hub.releasePublic(base.ip);
    return;
  }
  // The same object the message handlers update (alive), now with its subscription.
  const client: LiveClient = Object.assign(base, { sub: { kind: 'payment' as const, paymentId } });
  // Subscribed before the first read, so no change can fall between the read and the subscription.
  hub.add(client);
  const data = await getLivePublicPayment({ deps: app.payments, db: app.db, paymentId });
  if (socket.readyState !== socket.OPEN) return;
  if (!data) {
    socket.close(LIVE_CLOSE.paymentNotFound, T.paymentNotFound);
    return;
  }
  const hello: TLiveHello = {
    type: 'hello',
    subscription: 'payment',
    paymentId,
    heartbeatSeconds: LIVE_HEARTBEAT_SECONDS,
  };
  const current: TLivePublicPaymentUpdated = { type: 'payment.updated', data };
  socket.send(JSON.stringify(hello));
  socket.send(JSON.stringify(current));
  hub.ready(client);
}

/**
 * A point-of-sale device (decision 026), signed in by its credential (`?token=cl_pos_...`, or the Bearer header):
 * the sales it rang up, each as GET /pos/sales/{id} returns it. No current state is sent: the device reads its sale
 * with GET /pos/sales/{id} once the socket is open (after a reconnect too), then follows it here.
 */
async function subscribeDevice(
  app: FastifyInstance,
  hub: LiveHub,
  socket: WebSocket,
  base: Omit<LiveClient, 'sub'>,
  credential: string,
) {
  let device: Awaited<ReturnType<typeof authenticatePosDevice>>;
  try {
    device = await authenticatePosDevice({ db: app.db, credential });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    socket.close(LIVE_CLOSE.unauthorized, err.message.slice(0, 120));
    return;
  }
  if (socket.readyState !== socket.OPEN) return;
  const client: LiveClient = Object.assign(base, {
    sub: {
      kind: 'device' as const,
      userId: device.user.id,
      mode: device.mode,
      deviceId: device.deviceId,
      credential,
    },
  });
  hub.add(client);
  const hello: TLiveHello = {
    type: 'hello',
    subscription: 'device',
    mode: device.mode,
    heartbeatSeconds: LIVE_HEARTBEAT_SECONDS,
  };
  socket.send(JSON.stringify(hello));
  hub.ready(client);
}

/** A merchant: its own payments in its mode, signed in by the session cookie or an API key holding `read`. */
async function subscribeMerchant(
  app: FastifyInstance,
  hub: LiveHub,
  socket: WebSocket,
  base: Omit<LiveClient, 'sub'>,
  req: FastifyRequest,
  {
    token,
    merchantId,
    events,
    since,
  }: { token?: string; merchantId?: string; events?: 'webhooks'; since?: string },
) {
  let sub: Extract<LiveSubscription, { kind: 'merchant' }>;
  const headerKey = req.auth?.kind === 'api_key' ? BEARER.exec(req.headers.authorization ?? '')?.[1] : null;
  const key = token ?? headerKey;
  if (key) {
    let identity: Awaited<ReturnType<typeof authenticateApiKey>>;
    try {
      identity = await authenticateApiKey({ db: app.db, key });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      socket.close(LIVE_CLOSE.unauthorized, err.message.slice(0, 120));
      return;
    }
    if (!identity.permissions.includes('read')) {
      socket.close(LIVE_CLOSE.forbidden, T.apiKeyMissingPermission('read').slice(0, 120));
      return;
    }
    // Webhook events go to test mode keys only: live events reach the merchant's real endpoint, and a listener
    // is a development tool.
    if (events === 'webhooks' && identity.mode !== 'test') {
      socket.close(LIVE_CLOSE.forbidden, T.liveWebhookEventsTestOnly);
      return;
    }
    const credential: LiveCredential = { kind: 'api_key', key };
    sub = {
      kind: 'merchant',
      userId: identity.user.id,
      mode: identity.mode,
      credential,
      webhookEvents: events === 'webhooks',
    };
  } else if (events === 'webhooks') {
    socket.close(req.auth ? LIVE_CLOSE.forbidden : LIVE_CLOSE.unauthorized, T.liveWebhookEventsTestOnly);
    return;
  } else if (
    // A cookie-authenticated socket must come from this app's own pages (cross-site WebSocket hijacking).
    req.auth?.kind === 'session' &&
    originOfRequest(req, app.config.appUrl) !== 'cross'
  ) {
    const credential: LiveCredential = { kind: 'session', token: req.cookies[SESSION_COOKIE] ?? '' };
    sub = {
      kind: 'merchant',
      userId: req.auth.user.id,
      mode: req.auth.mode,
      credential,
      webhookEvents: false,
    };
  } else {
    socket.close(LIVE_CLOSE.unauthorized, T.authRequired);
    return;
  }
  // The spec's client sends merchantId: the merchant's own id is accepted, another one refused (as on the API).
  if (merchantId !== undefined && merchantId !== sub.userId) {
    socket.close(LIVE_CLOSE.forbidden, T.merchantIdMismatch);
    return;
  }
  if (socket.readyState !== socket.OPEN) return;
  const client: LiveClient = Object.assign(base, { sub });
  // Subscribed before the reads below: an event committed meanwhile is in the replay, or sent live, or both (the
  // replay is not among the hub's sent ids: a listener drops an id it has already had).
  hub.add(client);
  const hello: TLiveHello = {
    type: 'hello',
    subscription: 'merchant',
    mode: sub.mode,
    heartbeatSeconds: LIVE_HEARTBEAT_SECONDS,
  };
  let replay: string[] = [];
  if (sub.webhookEvents) {
    const who = { db: app.db, userId: sub.userId, mode: sub.mode, types: WEBHOOK_EVENT_TYPES };
    const missed = since
      ? await listOutboxEventsAfter({ ...who, afterId: since, limit: LIVE_REPLAY_MAX_EVENTS })
      : null;
    replay = await Promise.all((missed ?? []).map((event) => webhookEventMessageOf({ db: app.db, event })));
    const last = await lastOutboxEvent(who);
    hello.lastEventId = last?.id ?? null;
    hub.startEvents(sub.userId, sub.mode, last?.seq ?? 0);
    if (since) hello.replayed = replay.length;
  }
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify(hello));
  // The missed events first, in commit order, then the live ones (sent once the socket is ready).
  for (const text of replay) socket.send(text);
  hub.ready(client);
}

/**
 * Client messages: `{"type":"ping"}` is answered with `{"type":"pong"}`; anything else is ignored, up to a
 * point. Pong frames and pings keep the socket alive through the heartbeat.
 */
function watchClientMessages(socket: WebSocket, client: Omit<LiveClient, 'sub'>) {
  let invalid = 0;
  let windowStart = Date.now();
  let inWindow = 0;
  socket.on('pong', () => {
    client.alive = true;
  });
  socket.on('message', (data, isBinary) => {
    const now = Date.now();
    if (now - windowStart > 60_000) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow > MAX_MESSAGES_PER_MINUTE) {
      socket.close(LIVE_CLOSE.policy, 'Too many messages');
      return;
    }
    let parsed: unknown = null;
    if (!isBinary) {
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        parsed = null;
      }
    }
    if (ZLiveClientMessage.safeParse(parsed).success) {
      client.alive = true;
      if (socket.readyState === socket.OPEN) socket.send('{"type":"pong"}');
      return;
    }
    if (++invalid > MAX_INVALID_MESSAGES) socket.close(LIVE_CLOSE.policy, 'Too many invalid messages');
  });
}
