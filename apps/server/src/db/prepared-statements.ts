import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';

/**
 * Named prepared statements for the few statements every payment runs (decision 035).
 *
 * Kysely sends every statement unnamed: PostgreSQL parses, analyses and plans its text at each call. For the creation
 * statement and the risk read (about 80 and 15 parameters, several CTEs and subqueries) that was a third of the
 * database's CPU per payment. A statement that ends with `PREPARED` is sent by the pool's clients as a named
 * statement, named after a hash of its text: each connection parses it once, and PostgreSQL's plan cache may keep a
 * generic plan after five runs (`plan_cache_mode` auto). The name follows the whole text (as Kysely compiled it, or
 * as newPaymentStatement wrote it), so a statement of another shape (one audit row or two, a forwarder's flush row)
 * is another statement.
 *
 * Only statements marked so: every named statement stays prepared on each connection that ran it, so the marked
 * texts must be of a few shapes. Past `MAX_PREPARED_TEXTS` distinct texts in the process, a marked statement is sent
 * unnamed, as any other (a bound, not a case expected to happen). PGlite ignores the marker: it is a comment.
 */
const MARKER = '/* coinlane:prepared */';
export const MAX_PREPARED_TEXTS = 64;

/** Appended to a statement's text (`sql\`SELECT … ${PREPARED}\``): run it as a named prepared statement on PostgreSQL. */
export const PREPARED_TEXT = `\n${MARKER}`;
export const PREPARED: RawBuilder<unknown> = sql.raw(PREPARED_TEXT);

/** Names marked texts by their hash, at most `max` distinct texts (then null: the statement goes unnamed). */
export function statementNamer(max: number): (text: string) => string | null {
  const names = new Map<string, string>();
  return (text) => {
    if (!text.endsWith(MARKER)) return null;
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= max) return null;
    const name = `coinlane_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
    return name;
  };
}

/** The statement name of a marked text, or null (not marked, or past the process's bound). */
export const preparedName = statementNamer(MAX_PREPARED_TEXTS);

type QueryCallback = (err: Error | null, result?: pg.QueryResult) => void;

/**
 * The errors after which a connection's named statement is no longer usable while node-postgres still counts it as
 * parsed: `0A000` (a column of its result changed type: "cached plan must not change result type") and `26000` (the
 * statement is gone: "prepared statement ... does not exist"). The connection then uses other names for its marked
 * statements, so the next run parses them again; the failed run's error is the caller's as before.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * A node-postgres client that sends marked statements as named ones (the pool's `Client`). Everything else is
 * node-postgres's own behaviour: it sends the Parse message for a name only the first time on a connection.
 */
export class PreparingClient extends pg.Client {
  /** Bumped when one of this connection's named statements went stale: its names change with it. */
  #generation = 0;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() is overloaded; this forwards every form
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string') {
      const named = preparedName(config);
      if (named !== null) {
        const name = this.#generation === 0 ? named : `${named}_${this.#generation}`;
        const cb: QueryCallback | undefined = typeof values === 'function' ? values : callback;
        const query = { name, text: config, values: typeof values === 'function' ? undefined : values };
        const generation = this.#generation;
        const stale = (err: unknown) => {
          const code = (err as { code?: unknown } | null)?.code;
          if (typeof code === 'string' && STALE_STATEMENT.has(code) && this.#generation === generation) {
            this.#generation += 1;
          }
        };
        if (cb) {
          return super.query(query, (err: Error | null, result?: pg.QueryResult) => {
            if (err) stale(err);
            cb(err, result);
          });
        }
        return super.query(query).catch((err: unknown) => {
          stale(err);
          throw err;
        });
      }
    }
    return super.query(config, values, callback);
  }
}
