import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, usingPostgres } from '#app/test/test-db.ts';
import { connectionOptionsOf, type DbHandle } from './connection.ts';

/**
 * The server's PostgreSQL connections start with JIT compilation off (decision 031): a statement the planner
 * overestimates would otherwise spend hundreds of milliseconds compiling. Options the URL gives are kept.
 */
describe('connection options', () => {
  it('add jit=off after the options the URL gives', () => {
    expect(connectionOptionsOf('postgres://u@h:5432/db')).toBe('-c jit=off');
    expect(connectionOptionsOf('postgres://u@h:5432/db?options=-c%20statement_timeout%3D5000')).toBe(
      '-c statement_timeout=5000 -c jit=off',
    );
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
});
