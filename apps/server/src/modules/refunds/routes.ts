import { envelope } from '@coinlane/core/api/envelope';
import { ZPaymentIdParams } from '@coinlane/core/api/payments';
import {
  ZCreateRefundReply,
  ZCreateRefundRequest,
  ZPaymentRefunds,
  ZPublicRefund,
  ZRefund,
  ZRefundAddressRequest,
  ZRefundIdParams,
  ZRefundTokenRequest,
} from '@coinlane/core/api/refunds';
import type { TChainMode } from '@coinlane/core/families/wallet-input';
import { REFUND_LINK_TTL_DAYS } from '@coinlane/core/refund-status';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import type { RefundActor } from './apply-refund-event.ts';
import { changeOwnRefund } from './change-own-refund.ts';
import { createRefund } from './create-refund.ts';
import { listPaymentRefunds } from './list-payment-refunds.ts';
import { presentRefund } from './present-refund.ts';
import { submitRefundAddress, viewRefundRequest } from './refund-by-token.ts';
import { renderRefundQr } from './render-refund-qr.ts';

const HOW =
  'Coinlane holds no funds: a refund is a request that the merchant pays from its own wallet. It is in the coin the payment received; partial refunds are allowed, and the open and paid refunds of a payment never add up to more than its confirmed money (checked under the payment’s lock). Only a confirmed payment, or an expired or cancelled one that kept confirmed money, can be refunded (else 409 INVALID_STATE); too much is 409 REFUND_TOO_LARGE. The customer gives a refund address on the page of a link that is e-mailed to them when the payment has a customer e-mail; otherwise the reply’s addressLink is the link to pass on, shown this once (issued by an admin or an API key, it is also e-mailed to the merchant). The link expires after ' +
  `${REFUND_LINK_TTL_DAYS} days. The merchant then pays the amount to the address (paymentUri); the chain watcher marks the refund paid with the transaction hash (refund.paid). Events: refund.created, refund.paid, refund.reversed.`;

/** The signed-in merchant as the refund's actor: its session's user, or its API key. */
function merchantActor(req: FastifyRequest): RefundActor & { type: 'user' | 'api_key' } {
  const auth = authOf(req);
  return auth.kind === 'api_key'
    ? { type: 'api_key', id: auth.keyId, ip: req.ip }
    : { type: 'user', id: auth.user.id, ip: req.ip };
}

/** Refunds of the merchant API (session, or API key with read / write), and the customer's public address page. */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const chainModeOf = (network: string): TChainMode | null =>
    (app.config.configuredChains.find((c) => c.network === network)?.mode as TChainMode | undefined) ?? null;

  app.post(
    '/payments/:id/refunds',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Issue a refund of a payment',
        description: `${HOW} Session, or API key with write permission; Idempotency-Key supported.`,
        params: ZPaymentIdParams,
        body: ZCreateRefundRequest,
        response: { 201: envelope(ZCreateRefundReply) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const r = await createRefund({
        db: app.db,
        mailer: app.mailer,
        log: req.log,
        appUrl: app.config.appUrl,
        paymentId: req.params.id,
        owner: { userId: auth.user.id, mode: auth.mode },
        actor: merchantActor(req),
        input: req.body,
      });
      return reply.status(201).send(ok({ ...presentRefund(r.refund), addressLink: r.addressLink }));
    },
  );

  app.get(
    '/payments/:id/refunds',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'A payment’s refunds and what is still refundable',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPaymentRefunds) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await listPaymentRefunds({
          db: app.db,
          paymentId: req.params.id,
          owner: { userId: auth.user.id, mode: auth.mode },
        }),
      );
    },
  );

  app.post(
    '/refunds/:id/cancel',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Cancel an open refund',
        description:
          'A refund awaiting its address or its payment is cancelled; its amount is refundable again. 409 INVALID_STATE once paid, cancelled or expired.',
        params: ZRefundIdParams,
        response: { 200: envelope(ZRefund) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const row = await changeOwnRefund({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        refundId: req.params.id,
        action: 'cancel',
        actor: merchantActor(req),
      });
      return ok(presentRefund(row));
    },
  );

  app.post(
    '/refunds/:id/simulate',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Simulate the refund transfer (test mode)',
        description:
          'The test network has no chain: the merchant’s refund transfer is simulated, and a refund awaiting payment becomes paid (refund.paid) with a random transaction id. 403 in live mode; 409 INVALID_STATE unless the refund awaits payment.',
        params: ZRefundIdParams,
        response: { 200: envelope(ZRefund) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const row = await changeOwnRefund({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        refundId: req.params.id,
        action: 'simulate',
        actor: merchantActor(req),
      });
      return ok(presentRefund(row));
    },
  );

  app.get(
    '/refunds/:id/qr.svg',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'QR code (SVG) of a refund’s payment URI, for the merchant’s wallet',
        description:
          '404 unless the refund is the caller’s and awaits payment (the customer gave the address).',
        params: ZRefundIdParams,
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const svg = await renderRefundQr({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        refundId: req.params.id,
      });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        )
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );

  app.post(
    '/refund-requests/view',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'The customer’s refund page (public; the link’s token in the body)',
        description: `The refund a link opens: amount, coin, network, the merchant who pays it, the address once given. 400 TOKEN_INVALID for an unknown token, 410 EXPIRED after ${REFUND_LINK_TTL_DAYS} days. Rate limited per IP.`,
        body: ZRefundTokenRequest,
        response: { 200: envelope(ZPublicRefund) },
      },
    },
    async (req) => ok(await viewRefundRequest({ db: app.db, token: req.body.token })),
  );

  app.post(
    '/refund-requests/address',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'The customer gives the refund address (public)',
        description:
          'Once per link, while it is valid: the address is checked for the refund’s network (400 VALIDATION_ERROR with the reason: another network, a typo, an extended key, a Coinlane payment address); a second address is 409 INVALID_STATE. Rate limited per IP.',
        body: ZRefundAddressRequest,
        response: { 200: envelope(ZPublicRefund) },
      },
    },
    async (req) =>
      ok(
        await submitRefundAddress({
          db: app.db,
          token: req.body.token,
          address: req.body.address,
          chainModeOf,
        }),
      ),
  );
};

/** Issue Refund in Transaction Management (admin spec 2 and 6), under /api/v1/admin. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/transactions/:id/refund',
    {
      onRequest: requireAdmin('transactions.refund'),
      schema: {
        summary: 'Issue Refund: a refund of any merchant’s payment (transactions.refund; audited)',
        description: `${HOW} The refund is the merchant’s to pay; the merchant sees it on its Transactions page.`,
        params: ZPaymentIdParams,
        body: ZCreateRefundRequest,
        response: { 201: envelope(ZCreateRefundReply) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const r = await createRefund({
        db: app.db,
        mailer: app.mailer,
        log: req.log,
        appUrl: app.config.appUrl,
        paymentId: req.params.id,
        actor: { type: 'admin', id: auth.user.id, ip: req.ip },
        input: req.body,
      });
      return reply.status(201).send(ok({ ...presentRefund(r.refund), addressLink: r.addressLink }));
    },
  );

  app.get(
    '/transactions/:id/refunds',
    {
      onRequest: requireAdmin('transactions.read'),
      schema: {
        summary: 'A transaction’s refunds and what is still refundable (transactions.read)',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZPaymentRefunds) },
      },
    },
    async (req) => ok(await listPaymentRefunds({ db: app.db, paymentId: req.params.id })),
  );
};
