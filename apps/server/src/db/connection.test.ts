import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usingPostgres } from '#app/test/test-db.ts';
import { type DbHandle, openPostgres, withSessionOptions } from './connection.ts';

/**
 * The server's PostgreSQL connections start with JIT compilation off (decision 031): a statement the planner
 * overestimates would otherwise spend hundreds of milliseconds compiling. Options the URL gives are kept.
 */
describe('connection options', () => {
  it('add jit=off after the options the URL gives', () => {
    expect(withSessionOptions('postgres://u@h:5432/db').options).toBe('-c jit=off');
    const given = withSessionOptions('postgres://u@h:5432/db?options=-c%20statement_timeout%3D5000');
    expect(given.options).toBe('-c statement_timeout=5000 -c jit=off');
    expect(new URL(given.connectionString).searchParams.get('options')).toBe(
      '-c statement_timeout=5000 -c jit=off',
    );
    expect(withSessionOptions('/var/run/postgresql coinlane')).toEqual({
      connectionString: '/var/run/postgresql coinlane',
      options: '-c jit=off',
    });
  });
});

describe.runIf(usingPostgres())('a pooled PostgreSQL connection', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('has JIT off', async () => {
    const r = await sql<{ jit: string }>`SHOW jit`.execute(handle.db);
    expect(r.rows[0]?.jit).toBe('off');
  });

  it('has JIT off and keeps the options its URL gives', async () => {
    const url = new URL(handle.databaseUrl!);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const own = await openPostgres(url.toString(), 1);
    try {
      const jit = await sql<{ jit: string }>`SHOW jit`.execute(own.db);
      const timeout = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(own.db);
      expect(jit.rows[0]?.jit).toBe('off');
      expect(timeout.rows[0]?.statement_timeout).toBe('4321ms');
    } finally {
      await own.db.destroy();
    }
  });
});
