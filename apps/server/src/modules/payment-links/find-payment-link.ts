import type { Db } from '#app/db/connection.ts';
import { selectLinkById } from './queries.ts';

/**
 * A payment link by id, whoever owns it (the hosted checkout, a lapsed attempt's settlement), or undefined.
 * `forUpdate`: its row stays locked until the caller's transaction ends.
 */
export const findPaymentLink = (db: Db, id: string, opts: { forUpdate?: boolean } = {}) =>
  selectLinkById(db, id, opts);
