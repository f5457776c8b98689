import { envelope, ZOk } from '@coinlane/core/api/envelope';
import { listEnvelope } from '@coinlane/core/api/payments';
import {
  ZCreatePlanRequest,
  ZEnrolSubscriberRequest,
  ZListPlansQuery,
  ZListSubscribersQuery,
  ZPlan,
  ZPlanIdParams,
  ZPortal,
  ZPortalCancelRequest,
  ZPortalQuery,
  ZPortalTokenRequest,
  ZPublicPlan,
  ZSubscribeReply,
  ZSubscribeRequest,
  ZSubscriber,
  ZSubscriberDetail,
  ZSubscriberIdParams,
  ZSubscriptionsSummary,
  ZTestClockRequest,
  ZUpdatePlanRequest,
  ZUpdateSubscriberRequest,
} from '@coinlane/core/api/subscriptions';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { listCurrencies } from '#app/modules/currencies/list-currencies.ts';
import { actorOf, PAYER_ACTOR } from '#app/modules/payments/actor.ts';
import { merchantDisplayName } from '#app/modules/profile/merchant-display-name.ts';
import { changeSubscription } from './change-subscription.ts';
import { createPlan } from './create-plan.ts';
import { deletePlan } from './delete-plan.ts';
import { listPlans } from './list-plans.ts';
import { getSubscriber, listSubscribers, presentSubscribers } from './list-subscribers.ts';
import { moveTestClock } from './move-test-clock.ts';
import { presentPortal, subscriptionOfToken } from './portal.ts';
import { invoicePayUrl, presentPlan } from './present.ts';
import { countActiveByPlan, selectOwnPlan, selectPlan } from './queries.ts';
import { renewExpiredSubscription } from './renew-expired.ts';
import { startSubscription } from './start-subscription.ts';
import { summarizeSubscriptions } from './summarize-subscriptions.ts';
import { updatePlan } from './update-plan.ts';

/**
 * New subscriptions (each mails someone: the address typed, or in test mode the merchant) allowed per hour: per
 * client IP (10 on the public page; 200 for enrolments, which a merchant's server makes from one address), per
 * merchant (public page and enrolment together), per e-mail address (both).
 * In this process's counters, like the other request limits (decision 023).
 */
export const SUBSCRIBE_LIMITS = { perIp: 10, perEnrolIp: 200, perMerchant: 200, perAddress: 3 } as const;
const HOUR = 3_600_000;

type Keyed = FastifyRequest & { subscribeKey?: string };

/** The merchant's Subscriptions API (session or API key: read for GET, write otherwise), under /api/v1. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = app.config.appUrl;
  await app.register(rateLimit, { global: false, store: app.rateLimitCounters.store });
  const limiter = (max: number, prefix: string) =>
    app.createRateLimit({
      timeWindow: HOUR,
      max,
      keyGenerator: (req) => `${prefix}:${(req as Keyed).subscribeKey}`,
    });
  const limits = {
    ip: limiter(SUBSCRIBE_LIMITS.perIp, 'subscribe-ip'),
    // A merchant's server enrols its customers from one IP: its own, higher limit.
    enrolIp: limiter(SUBSCRIBE_LIMITS.perEnrolIp, 'enrol-ip'),
    merchant: limiter(SUBSCRIBE_LIMITS.perMerchant, 'subscribe-merchant'),
    address: limiter(SUBSCRIBE_LIMITS.perAddress, 'subscribe-address'),
  };
  /** Counts one new subscription against each given key; 429 when one is over. */
  const admit = async (req: FastifyRequest, keys: Partial<Record<keyof typeof limits, string>>) => {
    for (const [name, key] of Object.entries(keys) as Array<[keyof typeof limits, string]>) {
      (req as Keyed).subscribeKey = key;
      const outcome = await limits[name](req);
      if (!outcome.isAllowed && outcome.isExceeded) {
        throw new AppError('RATE_LIMITED', {
          message: T.subscriptionTooManyRequests,
          details: { retryAfterSeconds: Math.max(1, outcome.ttlInSeconds) },
        });
      }
    }
  };

  // ---- Plans
  app.get(
    '/subscriptions/plans',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'List subscription plans',
        tags: ['subscriptions'],
        querystring: ZListPlansQuery,
        response: { 200: listEnvelope(ZPlan) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const { data, pagination } = await listPlans({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        query: req.query,
        appUrl,
      });
      return { success: true as const, data, error: null, pagination };
    },
  );

  app.post(
    '/subscriptions/plans',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Create a subscription plan',
        description:
          'Price in the plan currency (USD, BTC, ETH, USDT) with at most its decimals; interval monthly or yearly; features (empty lines dropped); renewalLeadDays (0-28, default 3): the renewal invoice is issued and e-mailed this many days before a period ends; graceDays (0-30, default 7): how long an unpaid renewal keeps the subscription past due before it expires.',
        tags: ['subscriptions'],
        body: ZCreatePlanRequest,
        response: { 201: envelope(ZPlan) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const row = await createPlan({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        input: req.body,
        actor: actorOf(req),
      });
      return reply.status(201).send(ok(presentPlan(row, 0, appUrl)));
    },
  );

  app.put(
    '/subscriptions/plans/:id',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Update a subscription plan (any field; active: false deactivates it)',
        description:
          'A deactivated plan takes no new subscriber; its subscribers keep renewing. A new price, currency or interval applies to invoices issued from now on.',
        tags: ['subscriptions'],
        params: ZPlanIdParams,
        body: ZUpdatePlanRequest,
        response: { 200: envelope(ZPlan) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const row = await updatePlan({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        id: req.params.id,
        input: req.body,
        actor: actorOf(req),
      });
      const counts = await countActiveByPlan(app.db, [row.id]);
      return ok(presentPlan(row, counts.get(row.id) ?? 0, appUrl));
    },
  );

  app.delete(
    '/subscriptions/plans/:id',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Delete a subscription plan',
        description:
          '409 INVALID_STATE while the plan has subscribers still subscribed (active, past due, or with a first invoice to pay): deactivate it instead. Ended subscriptions and their invoices are kept.',
        tags: ['subscriptions'],
        params: ZPlanIdParams,
        response: { 200: envelope(ZOk) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await deletePlan({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        id: req.params.id,
        actor: actorOf(req),
      });
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/subscriptions/summary',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'Monthly revenue, active subscribers and plans',
        description:
          'monthlyRevenueUsd: active subscribers’ plan prices per month in USD at current rates, a yearly plan counting a twelfth of its price.',
        tags: ['subscriptions'],
        response: { 200: envelope(ZSubscriptionsSummary) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await summarizeSubscriptions({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          maxAgeSeconds: app.config.ratesMaxAgeSeconds,
        }),
      );
    },
  );

  // ---- Subscribers
  app.get(
    '/subscriptions/subscribers',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'List subscribers (filters: planId, status, part of the e-mail)',
        tags: ['subscriptions'],
        querystring: ZListSubscribersQuery,
        response: { 200: listEnvelope(ZSubscriber) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const { data, pagination } = await listSubscribers({
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
    '/subscriptions/subscribers/:id',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'A subscriber with its invoices',
        tags: ['subscriptions'],
        params: ZSubscriberIdParams,
        response: { 200: envelope(ZSubscriberDetail) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getSubscriber({ db: app.db, userId: auth.user.id, mode: auth.mode, id: req.params.id, appUrl }),
      );
    },
  );

  app.post(
    '/subscriptions/subscribers',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Enrol an e-mail address in a plan',
        description:
          'The subscriber is e-mailed an invitation with the first invoice and a link to manage the subscription (in test mode the mail goes to your own address only, marked as a test copy). The coin defaults to the plan currency for a plan priced in a coin. 409 CONFLICT when the address already has an open subscription to the plan; 429 RATE_LIMITED past the hourly limits per merchant and per address.',
        tags: ['subscriptions'],
        body: ZEnrolSubscriberRequest,
        response: { 201: envelope(ZSubscriber) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      assertOwnMerchantId(req.body.merchantId, auth.user.id);
      const plan = await selectOwnPlan(app.db, {
        id: req.body.planId,
        userId: auth.user.id,
        mode: auth.mode,
      });
      if (!plan) {
        throw new AppError('NOT_FOUND', {
          message: T.planNotFound,
          details: { fields: { planId: T.planNotFound } },
        });
      }
      const currency = req.body.currency ?? (plan.currency === 'USD' ? null : plan.currency);
      if (!currency) {
        throw new AppError('VALIDATION_ERROR', {
          message: T.currencyRequired,
          details: { fields: { currency: T.currencyRequired } },
        });
      }
      await admit(req, { enrolIp: req.ip, merchant: auth.user.id, address: req.body.email });
      const { subscription } = await startSubscription({
        deps: app.payments,
        db: app.db,
        plan,
        email: req.body.email,
        currency,
        network: req.body.network ?? null,
        language: req.body.language ?? 'en',
        createdVia: 'merchant',
        actor: actorOf(req),
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      const [presented] = await presentSubscribers(app.db, [subscription], appUrl, new Date());
      return reply.status(201).send(ok(presented!));
    },
  );

  app.put(
    '/subscriptions/subscribers/:id',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Cancel a subscription now or at the period end, or resume it',
        description:
          'cancel_now: cancelled at once, the open invoice void. cancel_at_period_end: the paid period runs out, no renewal invoice (one already issued is void). resume: undoes cancel_at_period_end. 409 INVALID_STATE when the status does not allow it.',
        tags: ['subscriptions'],
        params: ZSubscriberIdParams,
        body: ZUpdateSubscriberRequest,
        response: { 200: envelope(ZSubscriber) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      assertOwnMerchantId(req.body.merchantId, auth.user.id);
      const row = await changeSubscription({
        db: app.db,
        id: req.params.id,
        owner: { userId: auth.user.id, mode: auth.mode },
        change: req.body.action,
        actor: actorOf(req),
      });
      const [presented] = await presentSubscribers(app.db, [row], appUrl, new Date());
      return ok(presented!);
    },
  );

  app.post(
    '/subscriptions/subscribers/:id/test-clock',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Test mode: move a subscriber’s clock (a day, to its period end, past grace)',
        description:
          'Runs at once what falls due on the subscriber’s clock, as the renewal job would: renewal invoices issued and e-mailed, periods ended, grace ended. Payments and confirmations keep real time. 403 for a live subscriber.',
        tags: ['subscriptions'],
        params: ZSubscriberIdParams,
        body: ZTestClockRequest,
        response: { 200: envelope(ZSubscriber) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      assertOwnMerchantId(req.body.merchantId, auth.user.id);
      const row = await moveTestClock({
        deps: app.payments,
        db: app.db,
        id: req.params.id,
        owner: { userId: auth.user.id, mode: auth.mode },
        step: req.body.advance,
        actor: actorOf(req),
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      const [presented] = await presentSubscribers(app.db, [row], appUrl, new Date());
      return ok(presented!);
    },
  );

  // ---- Public: the subscribe page and the portal
  app.get(
    '/public/subscribe/:id',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'A plan’s public subscribe page',
        tags: ['subscriptions'],
        params: ZPlanIdParams,
        response: { 200: envelope(ZPublicPlan) },
      },
    },
    async (req) => {
      const plan = await selectPlan(app.db, req.params.id);
      if (!plan || plan.deleted_at) throw new AppError('NOT_FOUND', { message: T.planNotFound });
      const currencies = await listCurrencies({
        db: app.db,
        ...(plan.mode === 'live' ? { live: app.config } : {}),
      });
      const coins = currencies
        .filter((c) => plan.currency === 'USD' || c.symbol === plan.currency)
        .flatMap((c) => c.networks.map((n) => ({ currency: c.symbol, network: n.id, networkName: n.name })));
      const presented = presentPlan(plan, 0, appUrl);
      return ok({
        id: plan.id,
        mode: plan.mode,
        name: presented.name,
        description: presented.description,
        price: presented.price,
        currency: presented.currency,
        interval: presented.interval,
        features: presented.features,
        active: plan.active,
        merchantName: await merchantDisplayName(app.db, plan.user_id),
        coins,
      });
    },
  );

  app.post(
    '/public/subscribe/:id',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'Subscribe to a plan (public): the first invoice’s payment page',
        description:
          'Creates the subscription (incomplete) and its first invoice; answers with the invoice’s hosted payment page. The subscriber is e-mailed the link to manage the subscription. Limited per client IP, per merchant and per e-mail address (429).',
        tags: ['subscriptions'],
        params: ZPlanIdParams,
        body: ZSubscribeRequest,
        response: { 201: envelope(ZSubscribeReply) },
      },
    },
    async (req, reply) => {
      const plan = await selectPlan(app.db, req.params.id);
      if (!plan || plan.deleted_at) throw new AppError('NOT_FOUND', { message: T.planNotFound });
      if (!plan.active) throw new AppError('INVALID_STATE', { message: T.planInactive });
      await admit(req, { ip: req.ip, merchant: plan.user_id, address: req.body.email });
      const { subscription, invoice } = await startSubscription({
        deps: app.payments,
        db: app.db,
        plan,
        email: req.body.email,
        currency: req.body.currency,
        network: req.body.network,
        language: req.body.language ?? 'en',
        createdVia: 'subscribe_page',
        actor: PAYER_ACTOR,
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      return reply
        .status(201)
        .send(
          ok({ subscriptionId: subscription.id, payUrl: invoicePayUrl(appUrl, invoice.payment_link_id!) }),
        );
    },
  );

  app.get(
    '/public/subscription-portal',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'The subscriber’s portal (public; the link’s token in the query string)',
        description: '400 TOKEN_INVALID for an unknown token, 410 EXPIRED for an expired link.',
        tags: ['subscriptions'],
        querystring: ZPortalQuery,
        response: { 200: envelope(ZPortal) },
      },
    },
    async (req) => {
      const sub = await subscriptionOfToken(app.db, req.query.token);
      return ok(await presentPortal(app.db, sub, appUrl));
    },
  );

  app.post(
    '/public/subscription-portal/cancel',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'The subscriber cancels, now or at the period end (public; the token in the body)',
        tags: ['subscriptions'],
        body: ZPortalCancelRequest,
        response: { 200: envelope(ZPortal) },
      },
    },
    async (req) => {
      const sub = await subscriptionOfToken(app.db, req.body.token);
      const after = await changeSubscription({
        db: app.db,
        id: sub.id,
        owner: null,
        change: req.body.when === 'now' ? 'cancel_now' : 'cancel_at_period_end',
        actor: PAYER_ACTOR,
      });
      return ok(await presentPortal(app.db, after, appUrl));
    },
  );

  app.post(
    '/public/subscription-portal/renew',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'The subscriber renews an expired subscription: a new invoice to pay (public)',
        tags: ['subscriptions'],
        body: ZPortalTokenRequest,
        response: { 200: envelope(ZPortal) },
      },
    },
    async (req) => {
      const sub = await subscriptionOfToken(app.db, req.body.token);
      const after = await renewExpiredSubscription({
        deps: app.payments,
        db: app.db,
        id: sub.id,
        actor: PAYER_ACTOR,
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      return ok(await presentPortal(app.db, after, appUrl));
    },
  );
};
