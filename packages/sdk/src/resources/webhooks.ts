import { PagePromise, walkPages } from '../pagination.ts';
import type { RequestOptions, Transport } from '../transport.ts';
import type {
  ListWebhookEventsParams,
  UpdateWebhookEndpointParams,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEventDetail,
  WebhookEventList,
  WebhookEventSummary,
  WebhookSecret,
  WebhookTestResult,
} from '../types.ts';

const id = encodeURIComponent;

/** The webhook endpoint of the key's mode (needs the webhook permission). */
export class WebhookEndpointResource {
  constructor(private readonly t: Transport) {}

  /** The endpoint, with its signing secret. */
  retrieve(options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.t.data({ method: 'GET', path: '/webhooks/config', options });
  }

  /** Saves the endpoint's URL and the events it receives. */
  update(params: UpdateWebhookEndpointParams, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.t.data({ method: 'PUT', path: '/webhooks/config', body: params, options });
  }

  /** A new signing secret. Deliveries are signed with it from now on; keep verifying with the old one a while. */
  rotateSecret(options?: RequestOptions): Promise<WebhookSecret> {
    return this.t.data({ method: 'POST', path: '/webhooks/config/rotate-secret', options });
  }

  /** Sends a signed `webhook.test` event to the endpoint now and says how it answered. */
  sendTest(options?: RequestOptions): Promise<WebhookTestResult> {
    return this.t.data({ method: 'POST', path: '/webhooks/config/test', options });
  }

  /** Turns the endpoint back on after Coinlane turned it off for failing. */
  enable(options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.t.data({ method: 'POST', path: '/webhooks/config/enable', options });
  }
}

/** The events sent to the webhook endpoint, with their delivery attempts (needs the webhook permission). */
export class WebhookEvents {
  constructor(private readonly t: Transport) {}

  /** A page of events, newest first; iterate the result with `for await` for every event. */
  list(
    params: ListWebhookEventsParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookEventList, WebhookEventSummary> {
    const page = (n: number) =>
      this.t.data<WebhookEventList>({
        method: 'GET',
        path: '/webhooks/events',
        query: { ...params, page: n },
        options,
      });
    return new PagePromise(
      () => page(params.page ?? 1),
      () =>
        walkPages(
          page,
          (r) => r.items,
          (r) => r.page * r.limit < r.total,
          params.page ?? 1,
        ),
    );
  }

  /** An event with the body as sent and every attempt. */
  retrieve(eventId: string, options?: RequestOptions): Promise<WebhookEventDetail> {
    return this.t.data({ method: 'GET', path: `/webhooks/events/${id(eventId)}`, options });
  }

  /** Sends an event again now. */
  resend(eventId: string, options?: RequestOptions): Promise<WebhookAttempt> {
    return this.t.data({ method: 'POST', path: `/webhooks/events/${id(eventId)}/resend`, options });
  }
}
