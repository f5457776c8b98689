import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DbHandle } from '#app/db/connection.ts';
import { CACHE_CHANNEL } from '#app/db/read-caches.ts';
import { JOBS_CHANNEL } from '#app/jobs/wake-signals.ts';
import {
  OUTBOX_CHANNEL,
  type OutboxNotification,
  parseOutboxNotification,
} from '#app/modules/outbox/notify-outbox-event.ts';
import {
  PAYMENT_CHANNEL,
  type PaymentNotification,
  parsePaymentNotification,
} from '#app/modules/payments/notify-payment-changed.ts';
import { POS_DEVICE_CHANNEL, parseDeviceNotification } from '#app/modules/pos/notify-device-revoked.ts';

export type PaymentChangeListener = { stop: () => Promise<void> };

/** A silent network drop is noticed by this periodic query on the listening connection. */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * One LISTEN connection per process on the payment, outbox, jobs, device and cache channels; `onChange` gets each
 * committed payment change, `onOutboxEvent` each committed outbox event (webhook events for `coinlane listen`, and
 * the webhook dispatcher's wake-up), `onJob` each queued job's name (the job worker's wake-up), `onCacheChanged`
 * each cached table written (or CLEAR_ALL_CACHES), and `onListening` whether the connection is up: the read caches
 * keep nothing while it is down (db/read-caches.ts).
 * - PostgreSQL: a dedicated pg.Client (a pooled connection could be handed to someone else), reconnected
 *   with backoff when it drops. Changes committed while it was down are not replayed: the gap is logged, and
 *   clients poll as well, so they catch up on their next poll.
 * - PGlite: `pglite.listen()`, awaited before this returns, so no NOTIFY can come before it. Taken while
 *   holding the one connection, so it never lands inside someone else's transaction.
 * Resolves once listening (the first PostgreSQL connection must succeed, as the server's pool did).
 */
export async function listenPaymentChanges({
  dbHandle,
  log,
  onChange,
  onOutboxEvent,
  onJob,
  onDeviceEnded = () => {},
  onCacheChanged = () => {},
  onListening = () => {},
}: {
  dbHandle: DbHandle;
  log: FastifyBaseLogger;
  onChange: (n: PaymentNotification) => void;
  onOutboxEvent: (n: OutboxNotification) => void;
  /** A job was queued (the jobs channel; its payload is the job's name): the job worker looks at once. */
  onJob: (name: string) => void;
  /** A point-of-sale device's credential ended (revoked or re-paired: decision 026). */
  onDeviceEnded?: (deviceId: string) => void;
  /** A cached table was written (its name), or every cache is to be emptied (CLEAR_ALL_CACHES). */
  onCacheChanged?: (what: string) => void;
  /** The connection is up (true) or lost (false). */
  onListening?: (on: boolean) => void;
}): Promise<PaymentChangeListener> {
  const deliver = (payload: string | undefined) => {
    const n = parsePaymentNotification(payload);
    if (n) onChange(n);
    else log.warn({ channel: PAYMENT_CHANNEL }, 'live updates: ignored a malformed notification');
  };
  const deliverDevice = (payload: string | undefined) => {
    const n = parseDeviceNotification(payload);
    if (n) onDeviceEnded(n.deviceId);
    else log.warn({ channel: POS_DEVICE_CHANNEL }, 'live updates: ignored a malformed notification');
  };
  const deliverEvent = (payload: string | undefined) => {
    const n = parseOutboxNotification(payload);
    if (n) onOutboxEvent(n);
    else log.warn({ channel: OUTBOX_CHANNEL }, 'live updates: ignored a malformed notification');
  };

  if (dbHandle.engine === 'pglite') {
    const pglite = dbHandle.pglite;
    if (!pglite) throw new Error('PGlite handle without its PGlite instance');
    const unlisten = await dbHandle.db
      .connection()
      .execute(async () => [
        await pglite.listen(PAYMENT_CHANNEL, deliver),
        await pglite.listen(OUTBOX_CHANNEL, deliverEvent),
        await pglite.listen(JOBS_CHANNEL, (name) => onJob(name)),
        await pglite.listen(POS_DEVICE_CHANNEL, deliverDevice),
        await pglite.listen(CACHE_CHANNEL, (what) => what && onCacheChanged(what)),
      ]);
    onListening(true);
    return {
      stop: async () => {
        onListening(false);
        if (!pglite.closed) for (const u of unlisten) await u();
      },
    };
  }

  const connectionString = dbHandle.databaseUrl;
  if (!connectionString) throw new Error('PostgreSQL handle without its URL');
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let probeTimer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;
  let lostAt: number | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, keepAlive: true, application_name: 'coinlane-live' });
    c.on('notification', (m) => {
      if (m.channel === PAYMENT_CHANNEL) deliver(m.payload);
      else if (m.channel === OUTBOX_CHANNEL) deliverEvent(m.payload);
      else if (m.channel === JOBS_CHANNEL && m.payload) onJob(m.payload);
      else if (m.channel === POS_DEVICE_CHANNEL) deliverDevice(m.payload);
      else if (m.channel === CACHE_CHANNEL && m.payload) onCacheChanged(m.payload);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, null));
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${PAYMENT_CHANNEL}`);
      await c.query(`LISTEN ${OUTBOX_CHANNEL}`);
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      await c.query(`LISTEN ${POS_DEVICE_CHANNEL}`);
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      lost(c, err);
      throw err;
    }
    delay = RECONNECT_MIN_MS;
    onListening(true);
    if (lostAt !== null) {
      log.warn(
        { downMs: Date.now() - lostAt },
        'live updates: LISTEN connection restored; payment changes committed while it was down were not pushed ' +
          '(clients catch up on their next poll)',
      );
      lostAt = null;
    }
    probeTimer = setInterval(() => {
      const probe = c.query('select 1');
      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS).unref(),
      );
      Promise.race([probe, timeout]).catch((err) => lost(c, err));
    }, PROBE_EVERY_MS);
    probeTimer.unref();
  };

  /** The connection `c` is gone (error, end or failed probe): drop it and try again with backoff. */
  const lost = (c: pg.Client, err: unknown) => {
    if (client !== c) return; // an older connection, already replaced
    client = null;
    onListening(false);
    if (probeTimer) clearInterval(probeTimer);
    probeTimer = null;
    c.removeAllListeners('notification');
    c.on('error', () => {}); // late errors of a dropped client
    c.end().catch(() => {});
    if (stopped) return;
    lostAt ??= Date.now();
    log.warn({ err, retryInMs: delay }, 'live updates: LISTEN connection lost; reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => {
        // lost() already scheduled the next attempt
      });
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    throw err;
  }
  return {
    stop: async () => {
      stopped = true;
      onListening(false);
      if (retryTimer) clearTimeout(retryTimer);
      if (probeTimer) clearInterval(probeTimer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('notification');
        await c.end().catch(() => {});
      }
    },
  };
}
