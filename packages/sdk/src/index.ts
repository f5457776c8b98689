/**
 * @coinlane/sdk: a typed client for the Coinlane payment API, and webhook signature verification.
 * No runtime dependency: global fetch, Web Crypto, AbortController and TextEncoder (Node 18+, browsers, edge).
 */
export { Coinlane, type CoinlaneOptions } from './client.ts';
export * from './errors.ts';
export { type OffsetPage, PagePromise } from './pagination.ts';
export type { RequestOptions } from './transport.ts';
export type * from './types.ts';
export {
  DEFAULT_TOLERANCE_SECONDS,
  type RawBody,
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './verify-webhook.ts';
