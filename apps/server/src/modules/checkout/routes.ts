import { ZCheckout, ZCheckoutParams } from '@coinlane/core/api/checkout';
import { envelope } from '@coinlane/core/api/envelope';
import { ZSimulatePaymentRequest } from '@coinlane/core/api/payments';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import { SHIFT_LIMITS } from '#app/modules/conversions/shift-limits.ts';
import { PAYER_ACTOR } from '#app/modules/payments/actor.ts';
import { getCheckout } from './get-checkout.ts';
import { simulateCheckoutPayment } from './simulate-checkout-payment.ts';
import { startCheckoutPayment } from './start-checkout-payment.ts';

/**
 * New payment attempts one client may start on one link per hour. Each attempt locks a rate for 15 minutes
 * (and, for a new link, takes an address of the merchant's wallet); a payer needs a handful ("Try Again" after
 * an expiry), a script opening the link in a loop is stopped here. Reloads that return the open attempt are
 * not counted. Per process and in memory, like the other request limits.
 */
export const CHECKOUT_ATTEMPTS_PER_HOUR = 10;

type ShiftKeyed = { shiftKey?: string };

/** The hosted payment page's calls: public, no sign-in (limited per client IP). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitCounters.store });
  const attemptLimit = app.createRateLimit({
    timeWindow: 3_600_000,
    max: CHECKOUT_ATTEMPTS_PER_HOUR,
    keyGenerator: (req) => `${req.ip}:${(req.params as { linkId?: string }).linkId ?? ''}`,
  });

  const shiftLimiter = (max: number, prefix: string) =>
    app.createRateLimit({
      timeWindow: 3_600_000,
      max,
      keyGenerator: (req) => `${prefix}:${(req as ShiftKeyed).shiftKey}`,
    });
  const shiftLimits = {
    ip: shiftLimiter(SHIFT_LIMITS.perIp, 'shift-ip'),
    merchant: shiftLimiter(SHIFT_LIMITS.perMerchant, 'shift-merchant'),
  };

  app.get(
    '/checkout/:linkId',
    {
      schema: {
        summary: 'What the hosted payment page shows (never creates anything)',
        params: ZCheckoutParams,
        response: { 200: envelope(ZCheckout) },
      },
    },
    async (req) => ok(await getCheckout({ deps: app.payments, db: app.db, linkId: req.params.linkId })),
  );

  app.post(
    '/checkout/:linkId',
    {
      preHandler: idempotent,
      schema: {
        summary: 'Get or start the payment of a link (a new attempt after one expired unpaid)',
        description: `A live Bitcoin-family attempt (BTC, LTC, DOGE, BCH) under one of the merchant's enabled payout rules, with Auto Conversion on and the amount at or above the rule's minimum, is paid into a fixed-rate shift of an exchange (SideShift) created here: the address is the exchange's deposit address, the amount exactly its quoted deposit amount, the expiry a minute before its quote's; \`payment.conversion\` names the exchange and what the merchant receives. The customer's IP is sent to the exchange. At most ${SHIFT_LIMITS.perIp} such attempts an hour per client IP and ${SHIFT_LIMITS.perMerchant} per merchant (429 RATE_LIMITED). When the exchange fails, refuses, answers something unusable or gives a deposit address an open payment already holds: 502 CONVERSION_UNAVAILABLE, nothing created. Bitcoin-family payments created with POST /payments are never converted.`,
        params: ZCheckoutParams,
        response: { 200: envelope(ZCheckout), 201: envelope(ZCheckout) },
      },
    },
    async (req, reply) => {
      const { checkout, created, link } = await startCheckoutPayment({
        deps: app.payments,
        db: app.db,
        linkId: req.params.linkId,
        actor: PAYER_ACTOR,
        customerIp: req.ip,
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
        conversions: app.conversions,
        admitConversion: async (merchantId) => {
          const checks = [
            [shiftLimits.ip, req.ip, T.conversionTooManyFromIp],
            [shiftLimits.merchant, merchantId, T.conversionTooManyForMerchant],
          ] as const;
          for (const [limit, key, message] of checks) {
            (req as ShiftKeyed).shiftKey = key;
            const outcome = await limit(req);
            if (!outcome.isAllowed && outcome.isExceeded) {
              throw new AppError('RATE_LIMITED', {
                message,
                details: { retryAfterSeconds: Math.max(1, outcome.ttlInSeconds) },
              });
            }
          }
        },
        admitNewAttempt: async () => {
          const outcome = await attemptLimit(req);
          if (!outcome.isAllowed && outcome.isExceeded) {
            throw new AppError('RATE_LIMITED', {
              message: T.checkoutAttemptsExceeded,
              details: { retryAfterSeconds: Math.max(1, outcome.ttlInSeconds) },
            });
          }
        },
      });
      if (created) app.metrics.paymentCreated(link.mode, link.kind === 'invoice' ? 'subscription' : 'link');
      return reply.status(created ? 201 : 200).send(ok(checkout));
    },
  );

  app.post(
    '/checkout/:linkId/simulate',
    {
      preHandler: idempotent,
      schema: {
        summary:
          "Test mode only: simulate the payer's transfer to the link's current payment (hosted page test panel)",
        description:
          'Public like the rest of the hosted page, limited per client IP. `amount` is a decimal string in whole coins; without it, what is still due is sent. Refused with 403 for a live link.',
        params: ZCheckoutParams,
        body: ZSimulatePaymentRequest,
        response: { 200: envelope(ZCheckout) },
      },
    },
    async (req) =>
      ok(
        await simulateCheckoutPayment({
          deps: app.payments,
          db: app.db,
          linkId: req.params.linkId,
          amount: req.body.amount,
          actor: PAYER_ACTOR,
        }),
      ),
  );
};
