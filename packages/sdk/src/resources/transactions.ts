import { PagePromise, walkPages } from '../pagination.ts';
import type { RequestOptions, Transport } from '../transport.ts';
import type { ListTransactionsParams, Transaction, TransactionFilters, TransactionList } from '../types.ts';

/** Transactions: payments as rows of the books, with the summary of the filtered set, and the CSV export. */
export class Transactions {
  constructor(private readonly t: Transport) {}

  /** A page of transactions (page numbers from 1); iterate the result with `for await` for every row. */
  list(
    params: ListTransactionsParams = {},
    options?: RequestOptions,
  ): PagePromise<TransactionList, Transaction> {
    const page = (n: number) =>
      this.t.json<TransactionList>({
        method: 'GET',
        path: '/transactions',
        query: { ...params, page: n },
        options,
      });
    return new PagePromise(
      () => page(params.page ?? 1),
      () =>
        walkPages(
          page,
          (r) => r.data,
          (r) => r.pagination.hasMore,
          params.page ?? 1,
        ),
    );
  }

  /** The filtered transactions as CSV text (the dashboard's export: one header line, one line per row). */
  exportCsv(filters: TransactionFilters = {}, options?: RequestOptions): Promise<string> {
    return this.t.text({ method: 'GET', path: '/transactions/export.csv', query: filters, options });
  }
}
