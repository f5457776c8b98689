import { envelope } from '@coinlane/core/api/envelope';
import {
  ZCreatePaymentLinkRequest,
  ZListPaymentLinksQuery,
  ZPaymentLink,
  ZPaymentLinkIdParams,
  ZUpdatePaymentLinkRequest,
} from '@coinlane/core/api/payment-links';
import { listEnvelope } from '@coinlane/core/api/payments';
import { T } from '@coinlane/core/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import { actorOf } from '#app/modules/payments/actor.ts';
import { createPaymentLink } from './create-payment-link.ts';
import { getPaymentLink } from './get-payment-link.ts';
import { listPaymentLinks } from './list-payment-links.ts';
import { presentPaymentLink } from './present-payment-link.ts';
import { selectAttempts } from './queries.ts';
import { updatePaymentLink } from './update-payment-link.ts';

/** Payment links of the merchant API (read / write permissions). */
export const paymentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = app.config.appUrl;

  app.post(
    '/payment-links',
    {
      // The spec's own text for an anonymous link creation (merchant spec 5).
      preHandler: [requirePermission('write', { anonymousMessage: T.mustBeLoggedInForLinks }), idempotent],
      schema: {
        summary: 'Create a payment link',
        body: ZCreatePaymentLinkRequest,
        response: { 201: envelope(ZPaymentLink) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const now = new Date();
      const row = await createPaymentLink({
        deps: app.payments,
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        input: req.body,
        actor: actorOf(req),
        createdVia: auth.kind === 'api_key' ? 'api' : 'dashboard',
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
        now,
      });
      return reply.status(201).send(ok(presentPaymentLink(row, [], { appUrl, now })));
    },
  );

  app.get(
    '/payment-links',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'List payment links',
        querystring: ZListPaymentLinksQuery,
        response: { 200: listEnvelope(ZPaymentLink) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const { data, pagination } = await listPaymentLinks({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        query: req.query,
        appUrl,
      });
      return { success: true as const, data, error: null, pagination };
    },
  );

  app.get(
    '/payment-links/:id',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'Get a payment link',
        params: ZPaymentLinkIdParams,
        response: { 200: envelope(ZPaymentLink) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getPaymentLink({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          linkId: req.params.id,
          appUrl,
        }),
      );
    },
  );

  app.put(
    '/payment-links/:id',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Update a payment link',
        params: ZPaymentLinkIdParams,
        body: ZUpdatePaymentLinkRequest,
        response: { 200: envelope(ZPaymentLink) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const now = new Date();
      const row = await updatePaymentLink({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        linkId: req.params.id,
        input: req.body,
        actor: actorOf(req),
        now,
      });
      return ok(presentPaymentLink(row, await selectAttempts(app.db, [row.id]), { appUrl, now }));
    },
  );
};
