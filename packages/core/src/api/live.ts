import { z } from 'zod';
import { MODES } from '../options.ts';
import { ZPaymentDetail, ZPaymentPublicStatus } from './payments.ts';
import { ZPosSale } from './pos.ts';

/**
 * Live updates over the WebSocket `/ws` (server: modules/live). Every message is one JSON object with a `type`.
 *
 * - A merchant (session cookie, or `?token=<API key>`) receives `payment.updated` with the payment exactly as
 *   GET /api/v1/payments/{id} returns it, for its own payments in its session's or key's mode.
 * - The payer's page (`?paymentId=pay_...`, no sign-in) receives `payment.updated` with the public fields of
 *   that one payment: its id and what GET /api/v1/payments/{id}/status returns. The current state is sent once
 *   right after `hello`.
 * - An API key socket of a test mode key that asks for `?events=webhooks` (what `coinlane listen` does) also
 *   receives `webhook.event` for each event of its merchant and mode: the body exactly as a webhook delivery of
 *   that event carries it (unsigned: the listener signs it with its own session secret). Its hello carries
 *   `lastEventId`, the merchant's latest such event when it subscribed; reconnecting with `&since=<an event id>`
 *   first sends the events committed after that one (at most LIVE_REPLAY_MAX_EVENTS, oldest first; `replayed`
 *   in the hello says how many), so a listener whose connection dropped loses nothing it was sent meanwhile.
 */

/** Seconds between the server's ping frames; a socket that has not answered the previous one is dropped. */
export const LIVE_HEARTBEAT_SECONDS = 25;
/** Largest message a client may send (bytes); a bigger one closes the socket with 1009. */
export const LIVE_MAX_PAYLOAD_BYTES = 4096;
/** Concurrent public (payer page) sockets per client IP address, per server process. */
export const LIVE_PUBLIC_SOCKETS_PER_IP = 20;
/** The most events a webhook-events socket is sent again when it reconnects with `since`. */
export const LIVE_REPLAY_MAX_EVENTS = 100;
/** How often a merchant socket's session or API key is checked again. */
export const LIVE_REVALIDATE_SECONDS = 60;

/** Close codes the server uses (4000-4999 are the application's). */
export const LIVE_CLOSE = {
  /** Server shutting down: reconnect (to another process) after a short wait. */
  goingAway: 1001,
  /** Too many invalid messages. */
  policy: 1008,
  /** A client message above LIVE_MAX_PAYLOAD_BYTES. */
  tooBig: 1009,
  /** Not signed in, bad or revoked API key, or the session ended (sign-out, idle expiry, suspension). */
  unauthorized: 4001,
  /** An API key without the `read` permission, or `events=webhooks` asked by a live key or a session. */
  forbidden: 4003,
  /** The session switched between test and live: reconnect to receive the other mode's payments. */
  modeChanged: 4002,
  /** `paymentId` names no payment. */
  paymentNotFound: 4004,
  /** Too many public sockets from this address. */
  tooManyConnections: 4029,
} as const;

/** The payer page's view of a payment: its id and its public status fields. */
export const ZLivePublicPayment = ZPaymentPublicStatus.extend({ id: z.string() });
export type TLivePublicPayment = z.infer<typeof ZLivePublicPayment>;

export const ZLiveHello = z.object({
  type: z.literal('hello'),
  /**
   * 'merchant': payments of `mode`; 'payment': the one payment `paymentId`; 'device': the sales of the
   * point-of-sale device whose credential signed the socket in (decision 026).
   */
  subscription: z.enum(['merchant', 'payment', 'device']),
  mode: z.enum(MODES).optional(),
  paymentId: z.string().optional(),
  heartbeatSeconds: z.number().int(),
  /** Webhook-events sockets: the merchant's latest event id (in the mode) when the socket subscribed, or null. */
  lastEventId: z.string().nullable().optional(),
  /** Webhook-events sockets that gave `since`: how many events are sent again right after this hello. */
  replayed: z.number().int().optional(),
});
export type TLiveHello = z.infer<typeof ZLiveHello>;

export const ZLivePong = z.object({ type: z.literal('pong') });

export const ZLiveMerchantPaymentUpdated = z.object({
  type: z.literal('payment.updated'),
  data: ZPaymentDetail,
});
export type TLiveMerchantPaymentUpdated = z.infer<typeof ZLiveMerchantPaymentUpdated>;

export const ZLivePublicPaymentUpdated = z.object({
  type: z.literal('payment.updated'),
  data: ZLivePublicPayment,
});
export type TLivePublicPaymentUpdated = z.infer<typeof ZLivePublicPaymentUpdated>;

/** An event as the merchant's webhook endpoint would receive it: `body` is the delivery's exact JSON text. */
export const ZLiveWebhookEvent = z.object({
  type: z.literal('webhook.event'),
  /** The event's id (`evt_...`) and type, also inside `body`. */
  id: z.string(),
  eventType: z.string(),
  body: z.string(),
});
export type TLiveWebhookEvent = z.infer<typeof ZLiveWebhookEvent>;

/** A point-of-sale device's sale changed: the sale as GET /pos/sales/{id} returns it. */
export const ZLiveDeviceSaleUpdated = z.object({
  type: z.literal('payment.updated'),
  data: ZPosSale,
});
export type TLiveDeviceSaleUpdated = z.infer<typeof ZLiveDeviceSaleUpdated>;

/** What a point-of-sale device socket (`?token=cl_pos_...`) receives. */
export const ZLiveDeviceMessage = z.discriminatedUnion('type', [
  ZLiveHello,
  ZLivePong,
  ZLiveDeviceSaleUpdated,
]);
export type TLiveDeviceMessage = z.infer<typeof ZLiveDeviceMessage>;

/** What a merchant socket receives. */
export const ZLiveMerchantMessage = z.discriminatedUnion('type', [
  ZLiveHello,
  ZLivePong,
  ZLiveMerchantPaymentUpdated,
  ZLiveWebhookEvent,
]);
export type TLiveMerchantMessage = z.infer<typeof ZLiveMerchantMessage>;

/** What a payer page socket receives. */
export const ZLivePublicMessage = z.discriminatedUnion('type', [
  ZLiveHello,
  ZLivePong,
  ZLivePublicPaymentUpdated,
]);
export type TLivePublicMessage = z.infer<typeof ZLivePublicMessage>;

/** What a client may send: only an application-level ping (browsers cannot send ping frames). */
export const ZLiveClientMessage = z.object({ type: z.literal('ping') });

/** The query string of `/ws`. */
export const ZLiveQuery = z.object({
  paymentId: z.string().trim().min(1).max(100).optional(),
  token: z.string().trim().min(1).max(200).optional(),
  /** Sent by the spec's client: the merchant's own id is accepted; another id closes the socket (4003). */
  merchantId: z.string().trim().min(1).max(100).optional(),
  /** `webhooks`: also receive every webhook event of the key's merchant (test mode API keys only). */
  events: z.enum(['webhooks']).optional(),
  /** With `events=webhooks`: first send again the events committed after this one (`evt_...`, the last one seen). */
  since: z.string().trim().min(1).max(100).optional(),
});
