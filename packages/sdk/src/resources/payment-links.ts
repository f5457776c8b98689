import { type OffsetPage, PagePromise, walkOffset } from '../pagination.ts';
import type { RequestOptions, Transport } from '../transport.ts';
import type {
  CreatePaymentLinkParams,
  ListPaymentLinksParams,
  PaymentLink,
  UpdatePaymentLinkParams,
} from '../types.ts';

const id = encodeURIComponent;

/** Payment links: a price shared as a hosted payment page. */
export class PaymentLinks {
  constructor(private readonly t: Transport) {}

  /** Creates a payment link. Needs the write permission; carries an Idempotency-Key. */
  create(params: CreatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.t.data({ method: 'POST', path: '/payment-links', body: params, idempotent: true, options });
  }

  retrieve(linkId: string, options?: RequestOptions): Promise<PaymentLink> {
    return this.t.data({ method: 'GET', path: `/payment-links/${id(linkId)}`, options });
  }

  /** A page of payment links; iterate the result with `for await` for every link. */
  list(
    params: ListPaymentLinksParams = {},
    options?: RequestOptions,
  ): PagePromise<OffsetPage<PaymentLink>, PaymentLink> {
    const page = (offset: number) =>
      this.t.json<OffsetPage<PaymentLink>>({
        method: 'GET',
        path: '/payment-links',
        query: { ...params, offset },
        options,
      });
    return new PagePromise(
      () => page(params.offset ?? 0),
      () => walkOffset(page, params.offset ?? 0),
    );
  }

  /** Changes a link (description, expiry, status). */
  update(linkId: string, params: UpdatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.t.data({ method: 'PUT', path: `/payment-links/${id(linkId)}`, body: params, options });
  }
}
