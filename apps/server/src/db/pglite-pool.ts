import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Lets Kysely's PostgresDialect drive an in-process PGlite database. PGlite is one connection, so the pool
 * hands out that connection to one holder at a time: a transaction keeps it until it is released, and every
 * other query waits its turn (never hold it across network I/O; see MACHINE-NOTES.md).
 */
export class PGlitePool implements PostgresPool {
  #queue: Array<() => void> = [];
  #busy = false;

  constructor(readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.#busy) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#busy = true;
    const pglite = this.pglite;
    let released = false;
    return {
      query: async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        if (parameters.length === 0 && /;\s*\S/.test(sql)) {
          // Several statements (migrations): the simple query protocol, as pg does for unparameterised text.
          const results = await pglite.exec(sql);
          const last = results.at(-1);
          return {
            command: 'SELECT',
            rowCount: last?.affectedRows ?? 0,
            rows: (last?.rows ?? []) as R[],
          } as PostgresQueryResult<R>;
        }
        const res = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          command: commandOf(sql),
          rowCount: res.affectedRows ?? res.rows.length,
          rows: res.rows,
        } as PostgresQueryResult<R>;
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.#queue.shift();
        if (next) next();
        else this.#busy = false;
      },
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.pglite.close();
  }
}

function commandOf(sql: string): 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE' | 'SELECT' {
  const m = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge)\b/i.exec(sql);
  return m ? (m[1]!.toUpperCase() as 'INSERT') : 'SELECT';
}
