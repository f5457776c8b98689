import {
  ZApiKey,
  ZApiKeyList,
  ZApiKeyParams,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZDeletedApiKey,
  ZRevokedAllApiKeys,
  ZUpdateApiKeyRequest,
} from '@coinlane/core/api/api-keys';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { createApiKey } from './create-api-key.ts';
import { deleteApiKey } from './delete-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeAllApiKeys } from './revoke-all-api-keys.ts';
import { rotateApiKey } from './rotate-api-key.ts';
import { updateApiKey } from './update-api-key.ts';

const tags = ['API keys'];
const SESSION_ONLY = 'Needs a signed-in session: an API key cannot list, create or change keys.';

/**
 * /api/v1/api-keys: the merchant's keys of the session's current mode. Session only (requireSession): a key can
 * never manage keys. Another merchant's key, or a key of the other mode, is a 404.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'List API keys',
        description: `The keys of the current mode (test or live), newest first, with their prefix and a masked tail; the full key is never shown again after creation. Expired keys are listed with status "expired". ${SESSION_ONLY}`,
        response: { 200: envelope(ZApiKeyList) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(await listApiKeys({ db: app.db, userId: auth.user.id, mode: auth.mode }));
    },
  );

  app.post(
    '/api-keys',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Create an API key',
        description: `Creates a key for the current mode: \`cl_test_...\` in test mode, \`cl_live_...\` in live mode. The reply holds the full key, this once: store it. The key expires after the "API key expiry" of your settings (30, 60, 90 or 365 days, or never). Default permission: read. ${SESSION_ONLY}`,
        body: ZCreateApiKeyRequest,
        response: { 200: envelope(ZCreatedApiKey) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      assertOwnMerchantId(req.body.merchantId, auth.user.id);
      return ok(
        await createApiKey({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          name: req.body.name,
          permissions: req.body.permissions,
          ip: req.ip,
        }),
      );
    },
  );

  app.put(
    '/api-keys/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Rename a key or change its permissions',
        description: `The secret does not change. ${SESSION_ONLY}`,
        params: ZApiKeyParams,
        body: ZUpdateApiKeyRequest,
        response: { 200: envelope(ZApiKey) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      assertOwnMerchantId(req.body.merchantId, auth.user.id);
      return ok(
        await updateApiKey({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          id: req.params.id,
          name: req.body.name,
          permissions: req.body.permissions,
          ip: req.ip,
        }),
      );
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Delete an API key',
        description: `The key stops working at once; this cannot be undone. ${SESSION_ONLY}`,
        params: ZApiKeyParams,
        response: { 200: envelope(ZDeletedApiKey) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await deleteApiKey({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          id: req.params.id,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/api-keys/revoke-all',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Revoke every API key',
        description: `Every active key of the account, in test and live mode, stops working at once (audited). API keys keep working after a password change or reset so that integrations do not break; this is the one-click way out when someone else may have seen them. ${SESSION_ONLY}`,
        response: { 200: envelope(ZRevokedAllApiKeys) },
      },
    },
    async (req) =>
      ok(await revokeAllApiKeys({ db: app.db, userId: authOf(req).user.id, via: 'settings', ip: req.ip })),
  );

  app.post(
    '/api-keys/:id/rotate',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Rotate an API key',
        description: `Gives the key a new secret, returned in full this once; the old secret stops working at once. Name and permissions stay; the expiry restarts from now. ${SESSION_ONLY}`,
        params: ZApiKeyParams,
        response: { 200: envelope(ZCreatedApiKey) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await rotateApiKey({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          id: req.params.id,
          ip: req.ip,
        }),
      );
    },
  );
};
