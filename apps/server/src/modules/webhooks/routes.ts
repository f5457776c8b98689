import {
  ZAdminWebhookDeliveryList,
  ZAdminWebhookDisableRequest,
  ZAdminWebhookDisableResult,
  ZAdminWebhookParams,
  ZAdminWebhookRetryResult,
} from '@coinlane/core/api/admin-operations';
import { envelope } from '@coinlane/core/api/envelope';
import {
  WEBHOOK_EVENT_TYPES,
  ZUpdateWebhookConfigRequest,
  ZWebhookAttempt,
  ZWebhookConfig,
  ZWebhookEventDetail,
  ZWebhookEventList,
  ZWebhookEventListQuery,
  ZWebhookEventParams,
  ZWebhookSecret,
  ZWebhookTestResult,
} from '@coinlane/core/api/webhooks';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { disableWebhookEndpoint } from './disable-webhook-endpoint.ts';
import { enableWebhookEndpoint } from './enable-webhook-endpoint.ts';
import { getWebhookConfig } from './get-webhook-config.ts';
import { getWebhookEvent } from './get-webhook-event.ts';
import { listRecentWebhookDeliveries } from './list-recent-webhook-deliveries.ts';
import { listWebhookEvents } from './list-webhook-events.ts';
import { resendWebhookEvent } from './resend-webhook-event.ts';
import { retryWebhookDelivery } from './retry-webhook-delivery.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { sendTestWebhook } from './send-test-webhook.ts';
import { updateWebhookConfig } from './update-webhook-config.ts';

const tags = ['Webhooks'];
const AUTH =
  'A signed-in session, or an API key with the webhook permission; acts in its mode (test or live).';

const actorOf = (req: FastifyRequest) => {
  const auth = authOf(req);
  return auth.kind === 'api_key'
    ? { type: 'api_key' as const, id: auth.keyId, ip: req.ip }
    : { type: 'user' as const, id: auth.user.id, ip: req.ip };
};

/**
 * /api/v1/webhooks: the endpoint of the caller's mode, its events log, resends; /api/v1/admin/webhooks for the
 * back-office. Another merchant's event, or one of the other mode, is a 404.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const webhook = requirePermission('webhook');

  app.get(
    '/webhooks/config',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Get the webhook endpoint and reveal its secret',
        description: `The URL, the events sent and the signing secret (shown to its owner on this explicit call; stored encrypted). For 24 hours after a rotation, \`previousSecretExpiresAt\` says until when the replaced secret still signs each delivery (never the replaced secret itself). Nulls before an endpoint is saved. ${AUTH}`,
        response: { 200: envelope(ZWebhookConfig) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getWebhookConfig({ db: app.db, config: app.config, userId: auth.user.id, mode: auth.mode }),
      );
    },
  );

  app.put(
    '/webhooks/config',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Save the webhook endpoint',
        description: `Sets the URL (https, no credentials, at most 2048 characters, a public address) and the events to send: ${WEBHOOK_EVENT_TYPES.join(', ')}. The first save creates the signing secret. ${AUTH}`,
        body: ZUpdateWebhookConfigRequest,
        response: { 200: envelope(ZWebhookConfig) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await updateWebhookConfig({
          db: app.db,
          config: app.config,
          userId: auth.user.id,
          mode: auth.mode,
          input: req.body,
          actor: actorOf(req),
        }),
      );
    },
  );

  app.post(
    '/webhooks/config/rotate-secret',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Rotate the webhook signing secret',
        description: `A new secret signs every attempt from now on. For 24 hours the replaced secret signs each attempt too (a second v1 value in Coinlane-Signature), then stops; rotating again within those 24 hours stops the secret before it at once. The reply holds the new secret only. ${AUTH}`,
        response: { 200: envelope(ZWebhookSecret) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await rotateWebhookSecret({
          db: app.db,
          config: app.config,
          userId: auth.user.id,
          mode: auth.mode,
          actor: actorOf(req),
        }),
      );
    },
  );

  app.post(
    '/webhooks/config/test',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Send a test event',
        description: `Sends a signed \`webhook.test\` event to the endpoint now (no retries) and returns the attempt: status code, duration, ok, error. ${AUTH}`,
        response: { 200: envelope(ZWebhookTestResult) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await sendTestWebhook({ db: app.db, config: app.config, userId: auth.user.id, mode: auth.mode }),
      );
    },
  );

  app.get(
    '/webhooks/events',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'List webhook events',
        description: `The events sent or owed to the endpoint of the current mode, newest first, with their delivery state (pending, delivered, retrying, failed). Filter by type and state; page from 1. ${AUTH}`,
        querystring: ZWebhookEventListQuery,
        response: { 200: envelope(ZWebhookEventList) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await listWebhookEvents({ db: app.db, userId: auth.user.id, mode: auth.mode, query: req.query }),
      );
    },
  );

  app.get(
    '/webhooks/events/:id',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Get a webhook event with its attempts',
        description: `The event's body as sent and every attempt: status code, duration, response excerpt (1 KB), error, resend flag. ${AUTH}`,
        params: ZWebhookEventParams,
        response: { 200: envelope(ZWebhookEventDetail) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getWebhookEvent({ db: app.db, userId: auth.user.id, mode: auth.mode, eventId: req.params.id }),
      );
    },
  );

  app.post(
    '/webhooks/events/:id/resend',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Resend a webhook event',
        description: `Sends the event again now, newly signed, and returns the attempt (marked as a resend). A successful resend marks the event delivered. ${AUTH}`,
        params: ZWebhookEventParams,
        response: { 200: envelope(ZWebhookAttempt) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await resendWebhookEvent({
          db: app.db,
          config: app.config,
          userId: auth.user.id,
          mode: auth.mode,
          eventId: req.params.id,
        }),
      );
    },
  );

  app.post(
    '/webhooks/config/enable',
    {
      preHandler: webhook,
      schema: {
        tags,
        summary: 'Turn the webhook endpoint back on',
        description: `After the Coinlane team turned the endpoint off (GET /webhooks/config shows \`disabled\`), turns it back on: the events that waited are sent in order. ${AUTH}`,
        response: { 200: envelope(ZWebhookConfig) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await enableWebhookEndpoint({
          db: app.db,
          config: app.config,
          userId: auth.user.id,
          mode: auth.mode,
          actor: actorOf(req),
        }),
      );
    },
  );

  app.get(
    '/admin/webhooks',
    {
      onRequest: requireAdmin('support.read'),
      schema: {
        tags: ['Admin'],
        summary: 'Webhook Monitoring: the latest 50 deliveries across merchants (support.read)',
        description:
          'Newest first, test and live (each with its mode), with the merchant (business name, else name, else Unknown Merchant), event type, URL, status (success, failed, pending; retrying when a next retry is planned), response code and attempts; failedCount is the number of failed ones among them.',
        response: { 200: envelope(ZAdminWebhookDeliveryList) },
      },
    },
    async () => ok(await listRecentWebhookDeliveries({ db: app.db })),
  );

  app.post(
    '/admin/webhooks/:id/retry',
    {
      onRequest: requireAdmin('support.write'),
      schema: {
        tags: ['Admin'],
        summary: 'Retry a webhook delivery now (support.write)',
        description:
          "Sends the delivery's event again now, newly signed, to the endpoint's current URL, marked as a manual redelivery (a success marks it delivered). Refused while the endpoint is turned off. Audited.",
        params: ZAdminWebhookParams,
        response: { 200: envelope(ZAdminWebhookRetryResult) },
      },
    },
    async (req) =>
      ok(
        await retryWebhookDelivery({
          db: app.db,
          config: app.config,
          deliveryId: req.params.id,
          actor: { id: authOf(req).user.id, ip: req.ip },
        }),
      ),
  );

  app.post(
    '/admin/webhooks/:id/disable',
    {
      onRequest: requireAdmin('support.write'),
      schema: {
        tags: ['Admin'],
        summary: "Turn off the merchant's webhook endpoint of a delivery (support.write)",
        description:
          'Nothing is sent to the endpoint until the merchant turns it back on (its events wait in order); the merchant is told by e-mail and sees it in its webhook settings. An optional reason (at most 500 characters) is told to the merchant. Audited.',
        params: ZAdminWebhookParams,
        body: ZAdminWebhookDisableRequest,
        response: { 200: envelope(ZAdminWebhookDisableResult) },
      },
    },
    async (req) =>
      ok(
        await disableWebhookEndpoint({
          db: app.db,
          deliveryId: req.params.id,
          reason: req.body.reason,
          actor: { id: authOf(req).user.id, ip: req.ip },
        }),
      ),
  );
};
