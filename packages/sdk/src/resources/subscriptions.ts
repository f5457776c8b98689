import { type OffsetPage, PagePromise, walkOffset } from '../pagination.ts';
import type { RequestOptions, Transport } from '../transport.ts';
import type {
  CreatePlanParams,
  EnrolSubscriberParams,
  ListPlansParams,
  ListSubscribersParams,
  Plan,
  Subscriber,
  SubscriberDetail,
  SubscriptionsSummary,
  TestClockParams,
  UpdatePlanParams,
  UpdateSubscriberParams,
} from '../types.ts';

const id = encodeURIComponent;

/** Subscription plans: a price charged every interval. */
export class Plans {
  constructor(private readonly t: Transport) {}

  /** A page of plans; iterate the result with `for await` for every plan. */
  list(params: ListPlansParams = {}, options?: RequestOptions): PagePromise<OffsetPage<Plan>, Plan> {
    const page = (offset: number) =>
      this.t.json<OffsetPage<Plan>>({
        method: 'GET',
        path: '/subscriptions/plans',
        query: { ...params, offset },
        options,
      });
    return new PagePromise(
      () => page(params.offset ?? 0),
      () => walkOffset(page, params.offset ?? 0),
    );
  }

  /** Creates a plan. Carries an Idempotency-Key. */
  create(params: CreatePlanParams, options?: RequestOptions): Promise<Plan> {
    return this.t.data({
      method: 'POST',
      path: '/subscriptions/plans',
      body: params,
      idempotent: true,
      options,
    });
  }

  /** Changes a plan (`active: false` stops new subscriptions). */
  update(planId: string, params: UpdatePlanParams, options?: RequestOptions): Promise<Plan> {
    return this.t.data({ method: 'PUT', path: `/subscriptions/plans/${id(planId)}`, body: params, options });
  }

  /** Deletes a plan nobody subscribed to. */
  del(planId: string, options?: RequestOptions): Promise<{ ok: true; message?: string }> {
    return this.t.data({ method: 'DELETE', path: `/subscriptions/plans/${id(planId)}`, options });
  }
}

/** Subscribers: e-mail addresses enrolled in a plan, with their invoices. */
export class Subscribers {
  constructor(private readonly t: Transport) {}

  /** A page of subscribers; iterate the result with `for await` for every subscriber. */
  list(
    params: ListSubscribersParams = {},
    options?: RequestOptions,
  ): PagePromise<OffsetPage<Subscriber>, Subscriber> {
    const page = (offset: number) =>
      this.t.json<OffsetPage<Subscriber>>({
        method: 'GET',
        path: '/subscriptions/subscribers',
        query: { ...params, offset },
        options,
      });
    return new PagePromise(
      () => page(params.offset ?? 0),
      () => walkOffset(page, params.offset ?? 0),
    );
  }

  /** A subscriber with its invoices. */
  retrieve(subscriberId: string, options?: RequestOptions): Promise<SubscriberDetail> {
    return this.t.data({ method: 'GET', path: `/subscriptions/subscribers/${id(subscriberId)}`, options });
  }

  /** Enrols an e-mail address in a plan; it is e-mailed its first invoice. Carries an Idempotency-Key. */
  create(params: EnrolSubscriberParams, options?: RequestOptions): Promise<Subscriber> {
    return this.t.data({
      method: 'POST',
      path: '/subscriptions/subscribers',
      body: params,
      idempotent: true,
      options,
    });
  }

  /** Cancels now or at the period end, or resumes. */
  update(
    subscriberId: string,
    params: UpdateSubscriberParams,
    options?: RequestOptions,
  ): Promise<Subscriber> {
    return this.t.data({
      method: 'PUT',
      path: `/subscriptions/subscribers/${id(subscriberId)}`,
      body: params,
      options,
    });
  }

  /** Test mode: moves the subscriber's clock (a day, to its period end, past grace) and runs what fell due. */
  advanceTestClock(
    subscriberId: string,
    params: TestClockParams,
    options?: RequestOptions,
  ): Promise<Subscriber> {
    return this.t.data({
      method: 'POST',
      path: `/subscriptions/subscribers/${id(subscriberId)}/test-clock`,
      body: params,
      options,
    });
  }
}

/** Subscriptions: plans, subscribers and the summary. */
export class Subscriptions {
  readonly plans: Plans;
  readonly subscribers: Subscribers;

  constructor(private readonly t: Transport) {
    this.plans = new Plans(t);
    this.subscribers = new Subscribers(t);
  }

  /** Monthly revenue, active subscribers and plans. */
  summary(options?: RequestOptions): Promise<SubscriptionsSummary> {
    return this.t.data({ method: 'GET', path: '/subscriptions/summary', options });
  }
}
