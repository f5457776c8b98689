import type { OffsetPagination } from './types.ts';

/** A page of a list with offset pagination (payments, payment links, plans, subscribers). */
export type OffsetPage<T> = { data: T[]; pagination: OffsetPagination };

/**
 * What a `list` method returns: await it for one page, or iterate it with `for await` to walk every item of every
 * page from there on (the next pages are fetched as the loop needs them).
 *
 *   const page = await coinlane.payments.list({ limit: 50 });
 *   for await (const payment of coinlane.payments.list({ status: 'confirmed' })) { ... }
 *
 * Nothing is fetched until it is awaited or iterated.
 */
export class PagePromise<Page, Item> implements PromiseLike<Page>, AsyncIterable<Item> {
  private first?: Promise<Page>;

  constructor(
    private readonly fetchFirst: () => Promise<Page>,
    private readonly walk: () => AsyncGenerator<Item>,
  ) {}

  private page(): Promise<Page> {
    this.first ??= this.fetchFirst();
    return this.first;
  }

  // biome-ignore lint/suspicious/noThenProperty: deliberately thenable, so that `await list()` gives the page
  then<A = Page, B = never>(
    onFulfilled?: ((page: Page) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.page().then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page | B> {
    return this.page().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<Page> {
    return this.page().finally(onFinally);
  }

  [Symbol.asyncIterator](): AsyncIterator<Item> {
    return this.walk();
  }
}

/** Walks an offset-paginated list from `offset`, `limit` items a request, until the server says no more. */
export async function* walkOffset<T>(
  fetchPage: (offset: number) => Promise<OffsetPage<T>>,
  offset = 0,
): AsyncGenerator<T> {
  for (;;) {
    const page = await fetchPage(offset);
    yield* page.data;
    if (!page.pagination.hasMore || page.data.length === 0) return;
    offset += page.data.length;
  }
}

/** Walks a list numbered by page from `page`, until `more` says the last page was reached. */
export async function* walkPages<P, T>(
  fetchPage: (page: number) => Promise<P>,
  itemsOf: (page: P) => T[],
  more: (page: P) => boolean,
  page = 1,
): AsyncGenerator<T> {
  for (;;) {
    const reply = await fetchPage(page);
    const items = itemsOf(reply);
    yield* items;
    if (!more(reply) || items.length === 0) return;
    page += 1;
  }
}

/** Walks a list with a cursor (`nextCursor` passed back as `before`) until the cursor is null. */
export async function* walkCursor<T>(
  fetchPage: (before: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
  before?: string,
): AsyncGenerator<T> {
  for (let cursor = before; ; ) {
    const page = await fetchPage(cursor);
    yield* page.items;
    if (page.nextCursor === null || page.items.length === 0) return;
    cursor = page.nextCursor;
  }
}
