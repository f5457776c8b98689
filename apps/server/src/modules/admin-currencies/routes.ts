import {
  ZBulkEnableCryptocurrenciesRequest,
  ZBulkEnableCryptocurrenciesResult,
  ZCreateCryptocurrencyRequest,
  ZCryptocurrency,
  ZCryptocurrencyIdParams,
  ZCryptocurrencyList,
  ZCryptocurrencyListQuery,
  ZCryptocurrencyNetworks,
  ZCryptocurrencyStats,
  ZDeleteCryptocurrencyResult,
  ZUpdateCryptocurrencyRequest,
} from '@coinlane/core/api/admin-cryptocurrencies';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { createCryptocurrency } from './create-cryptocurrency.ts';
import { deleteCryptocurrency } from './delete-cryptocurrency.ts';
import {
  cryptocurrencyNetworks,
  cryptocurrencyStats,
  getCryptocurrency,
  listCryptocurrencies,
} from './read-cryptocurrencies.ts';
import { setCryptocurrenciesEnabled, toggleCryptocurrency } from './set-cryptocurrencies-enabled.ts';
import { updateCryptocurrency } from './update-cryptocurrency.ts';

/**
 * Cryptocurrency management under /api/v1/admin/cryptocurrencies (admin spec 5, 7, 8; decision 020): settings.read
 * to read, settings.write to change (spec 6: "settings.write: add, delete, edit cryptocurrencies"). Every change
 * writes an audit row.
 */
export const adminCurrencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cryptocurrencies',
    {
      onRequest: requireAdmin('settings.read'),
      schema: {
        summary:
          'Cryptocurrencies, by symbol, filtered by enabled, network and a search over symbol or name (settings.read)',
        querystring: ZCryptocurrencyListQuery,
        response: { 200: envelope(ZCryptocurrencyList) },
      },
    },
    async (req) => ok(await listCryptocurrencies({ db: app.db, config: app.config, query: req.query })),
  );

  app.get(
    '/cryptocurrencies/stats',
    {
      onRequest: requireAdmin('settings.read'),
      schema: {
        summary: 'How many cryptocurrencies, enabled and disabled, on how many networks (settings.read)',
        response: { 200: envelope(ZCryptocurrencyStats) },
      },
    },
    async () => ok(await cryptocurrencyStats({ db: app.db })),
  );

  app.get(
    '/cryptocurrencies/networks',
    {
      onRequest: requireAdmin('settings.read'),
      schema: {
        summary:
          'The networks the cryptocurrencies are on, and the networks a new one may take (settings.read)',
        response: { 200: envelope(ZCryptocurrencyNetworks) },
      },
    },
    async () => ok(await cryptocurrencyNetworks({ db: app.db })),
  );

  app.get(
    '/cryptocurrencies/:id',
    {
      onRequest: requireAdmin('settings.read'),
      schema: {
        summary: 'One cryptocurrency (settings.read)',
        params: ZCryptocurrencyIdParams,
        response: { 200: envelope(ZCryptocurrency) },
      },
    },
    async (req) => ok(await getCryptocurrency({ db: app.db, config: app.config, id: req.params.id })),
  );

  app.post(
    '/cryptocurrencies',
    {
      onRequest: requireAdmin('settings.write'),
      schema: {
        summary:
          'Add a cryptocurrency: one per symbol and network; a token’s decimals are checked on the network’s node when one is configured (settings.write)',
        body: ZCreateCryptocurrencyRequest,
        response: { 201: envelope(ZCryptocurrency) },
      },
    },
    async (req, reply) => {
      const created = await createCryptocurrency({
        db: app.db,
        config: app.config,
        families: app.tokenFamilies,
        input: req.body,
        actorId: authOf(req).user.id,
        ip: req.ip,
      });
      return reply.status(201).send(ok(created));
    },
  );

  app.post(
    '/cryptocurrencies/bulk-enable',
    {
      onRequest: requireAdmin('settings.write'),
      schema: {
        summary: 'Enable or disable many cryptocurrencies at once (settings.write)',
        body: ZBulkEnableCryptocurrenciesRequest,
        response: { 200: envelope(ZBulkEnableCryptocurrenciesResult) },
      },
    },
    async (req) =>
      ok(
        await setCryptocurrenciesEnabled({
          db: app.db,
          ids: req.body.ids,
          enabled: req.body.enabled,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );

  app.put(
    '/cryptocurrencies/:id',
    {
      onRequest: requireAdmin('settings.write'),
      schema: {
        summary:
          'Change a cryptocurrency: only the fields sent; decimals and contract not while payments in it are open (settings.write)',
        params: ZCryptocurrencyIdParams,
        body: ZUpdateCryptocurrencyRequest,
        response: { 200: envelope(ZCryptocurrency) },
      },
    },
    async (req) =>
      ok(
        await updateCryptocurrency({
          db: app.db,
          config: app.config,
          families: app.tokenFamilies,
          id: req.params.id,
          input: req.body,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );

  app.post(
    '/cryptocurrencies/:id/toggle',
    {
      onRequest: requireAdmin('settings.write'),
      schema: {
        summary: 'Enable a disabled cryptocurrency or disable an enabled one (settings.write)',
        params: ZCryptocurrencyIdParams,
        response: { 200: envelope(ZCryptocurrency) },
      },
    },
    async (req) =>
      ok(
        await toggleCryptocurrency({
          db: app.db,
          config: app.config,
          id: req.params.id,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );

  app.delete(
    '/cryptocurrencies/:id',
    {
      onRequest: requireAdmin('settings.write'),
      schema: {
        summary: 'Delete a cryptocurrency that no payment or payment link uses (settings.write)',
        params: ZCryptocurrencyIdParams,
        response: { 200: envelope(ZDeleteCryptocurrencyResult) },
      },
    },
    async (req) =>
      ok(
        await deleteCryptocurrency({
          db: app.db,
          id: req.params.id,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );
};
