import { envelope } from '@coinlane/core/api/envelope';
import {
  listEnvelope,
  ZCreatePaymentRequest,
  ZListPaymentsQuery,
  ZPayment,
  ZPaymentAddress,
  ZPaymentDetail,
  ZPaymentIdParams,
  ZPaymentPublicStatus,
} from '@coinlane/core/api/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import { actorOf } from './actor.ts';
import { changeOwnPayment } from './change-own-payment.ts';
import { createPayment } from './create-payment.ts';
import { getPayment } from './get-payment.ts';
import { getPublicPayment } from './get-public-payment.ts';
import { listPayments } from './list-payments.ts';
import {
  presentCreatedPayment,
  presentPayment,
  presentPaymentAddress,
  presentPublicStatus,
} from './present-payment.ts';
import { renderPaymentQr } from './render-payment-qr.ts';

/** Payments of the merchant API (read / write permissions), and the two public calls of the payer's page. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Cancel or accept the caller's own payment, as the caller (session or API key with write). */
  const changeOwn = async (req: FastifyRequest, paymentId: string, action: 'cancel' | 'accept') => {
    const auth = authOf(req);
    const row = await changeOwnPayment({
      deps: app.payments,
      db: app.db,
      userId: auth.user.id,
      mode: auth.mode,
      paymentId,
      action,
      actor: actorOf(req),
    });
    return ok(presentPayment(row));
  };

  app.post(
    '/payments',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Create a payment',
        body: ZCreatePaymentRequest,
        response: { 201: envelope(ZPayment) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const row = await createPayment({
        deps: app.payments,
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        input: req.body,
        actor: actorOf(req),
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      app.metrics.paymentCreated(auth.mode, 'api');
      return reply.status(201).send(ok(presentCreatedPayment(row)));
    },
  );

  app.get(
    '/payments',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'List payments',
        querystring: ZListPaymentsQuery,
        response: { 200: listEnvelope(ZPayment) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const { data, pagination } = await listPayments({
        deps: app.payments,
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        query: req.query,
      });
      return { success: true as const, data, error: null, pagination };
    },
  );

  app.get(
    '/payments/:id',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'Get a payment',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPaymentDetail) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getPayment({
          deps: app.payments,
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          paymentId: req.params.id,
        }),
      );
    },
  );

  app.post(
    '/payments/:id/cancel',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Cancel a pending payment',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPayment) },
      },
    },
    (req) => changeOwn(req, req.params.id, 'cancel'),
  );

  app.post(
    '/payments/:id/accept',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Accept a late payment',
        description:
          'Confirms a payment that expired or was cancelled and was then paid late, once its late money has the required confirmations and covers the amount due (canAccept). The payment becomes confirmed (exception paid_late kept), payment.confirmed is sent, its payment link is completed. Refused with 409 INVALID_STATE otherwise, including a second accept. Session, or API key with write permission.',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPayment) },
      },
    },
    (req) => changeOwn(req, req.params.id, 'accept'),
  );

  app.get(
    '/payments/:id/status',
    {
      schema: {
        summary: 'Public status of a payment (payer page)',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPaymentPublicStatus) },
      },
    },
    async (req) =>
      ok(
        presentPublicStatus(
          await getPublicPayment({ deps: app.payments, db: app.db, paymentId: req.params.id }),
        ),
      ),
  );

  app.get(
    '/payments/:id/address',
    {
      schema: {
        summary: 'Public address and amount of a payment (payer page)',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPaymentAddress) },
      },
    },
    async (req) =>
      ok(
        presentPaymentAddress(
          await getPublicPayment({ deps: app.payments, db: app.db, paymentId: req.params.id }),
        ),
      ),
  );

  app.get(
    '/payments/:id/qr.svg',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'Public QR code (SVG) of the payment URI (payer page)',
        params: ZPaymentIdParams,
      },
    },
    async (req, reply) => {
      const svg = await renderPaymentQr({ deps: app.payments, db: app.db, paymentId: req.params.id });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        )
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );
};
