import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usingPostgres } from '#app/test/test-db.ts';
import type { DbHandle } from './connection.ts';
import { PREPARED, statementNamer } from './prepared-statements.ts';

/** Statements marked PREPARED run as named prepared statements on PostgreSQL (prepared-statements.ts, decision 035). */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle?.close());

const marked = (n: number) =>
  sql<{ n: number; label: string }>`SELECT ${n}::int + 1 AS n, ${'x'}::text AS label ${PREPARED}`;

describe('a marked statement', () => {
  it('gives what the same statement unmarked gives, with other values at each run', async () => {
    for (const n of [1, 41, -7]) {
      const { rows } = await marked(n).execute(handle.db);
      const { rows: plain } = await sql<{
        n: number;
        label: string;
      }>`SELECT ${n}::int + 1 AS n, ${'x'}::text AS label`.execute(handle.db);
      expect(rows).toEqual([{ n: n + 1, label: 'x' }]);
      expect(rows).toEqual(plain);
    }
  });

  it("fails with PostgreSQL's own error, and the connection runs it again afterwards", async () => {
    await handle.db.connection().execute(async (db) => {
      const divide = (d: number) => sql<{ q: number }>`SELECT 10 / ${d}::int AS q ${PREPARED}`.execute(db);
      expect((await divide(2)).rows).toEqual([{ q: 5 }]);
      await expect(divide(0)).rejects.toMatchObject({ code: '22012' }); // division_by_zero
      expect((await divide(5)).rows).toEqual([{ q: 2 }]);
    });
  });

  it.runIf(usingPostgres())(
    'is parsed once per connection on PostgreSQL; an unmarked one is never kept',
    async () => {
      await handle.db.connection().execute(async (db) => {
        const kept = async () =>
          (
            await sql<{
              name: string;
              statement: string;
            }>`SELECT name, statement FROM pg_prepared_statements`.execute(db)
          ).rows;
        const before = await kept();
        await sql`SELECT ${1}::int AS unmarked`.execute(db);
        expect(await kept()).toEqual(before);
        // a text no other test runs, so no connection of the pool has it yet
        const tripled = (n: number) => sql`SELECT ${n}::int * 3 AS tripled ${PREPARED}`.execute(db);
        expect((await tripled(1)).rows).toEqual([{ tripled: 3 }]);
        expect((await tripled(2)).rows).toEqual([{ tripled: 6 }]);
        const added = (await kept()).filter((s) => !before.some((b) => b.name === s.name));
        expect(added).toHaveLength(1);
        expect(added[0]!.name).toMatch(/^coinlane_[0-9a-f]{32}$/);
        expect(added[0]!.statement).toContain('SELECT $1::int * 3 AS tripled');
      });
    },
  );
});

describe('a marked statement gone stale on its connection', () => {
  it.runIf(usingPostgres())(
    'fails once with PostgreSQL’s error when a column of its result changed type, then runs again',
    async () => {
      await handle.db.connection().execute(async (db) => {
        await sql`CREATE TABLE prepared_stale_test (v int)`.execute(db);
        await sql`INSERT INTO prepared_stale_test VALUES (1)`.execute(db);
        const read = () =>
          sql<{ v: string | number }>`SELECT v FROM prepared_stale_test ${PREPARED}`.execute(db);
        expect((await read()).rows).toEqual([{ v: 1 }]);
        await sql`ALTER TABLE prepared_stale_test ALTER COLUMN v TYPE bigint`.execute(db);
        // the plan PostgreSQL kept for the old type: refused once ("cached plan must not change result type")
        await expect(read()).rejects.toMatchObject({ code: '0A000' });
        // the connection parses it again under another name: int8 is a number here (connection.ts)
        expect((await read()).rows).toEqual([{ v: 1 }]);
        expect((await read()).rows).toEqual([{ v: 1 }]);
        await sql`DROP TABLE prepared_stale_test`.execute(db);
      });
    },
  );

  it.runIf(usingPostgres())('runs again after the statement was dropped under node-postgres', async () => {
    await handle.db.connection().execute(async (db) => {
      const run = () => sql<{ n: number }>`SELECT ${5}::int AS n, 'dropped' AS label ${PREPARED}`.execute(db);
      expect((await run()).rows).toEqual([{ n: 5, label: 'dropped' }]);
      await sql`DEALLOCATE ALL`.execute(db);
      await expect(run()).rejects.toMatchObject({ code: '26000' });
      expect((await run()).rows).toEqual([{ n: 5, label: 'dropped' }]);
    });
  });
});

describe('statement names', () => {
  it('are one per distinct marked text, none for an unmarked text, none past the bound', () => {
    const name = statementNamer(2);
    const text = (s: string) => `SELECT ${s}\n/* coinlane:prepared */`;
    expect(name('SELECT 1')).toBeNull();
    const a = name(text('1'));
    expect(a).toMatch(/^coinlane_/);
    expect(name(text('1'))).toBe(a);
    const b = name(text('2'));
    expect(b).not.toBe(a);
    expect(name(text('3'))).toBeNull(); // a third text: past the bound of two
    expect(name(text('1'))).toBe(a); // the ones named keep their names
  });
});
