import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { selectCursor } from './queries.ts';
import { createPassHealth } from './watcher-loop.ts';

// The error bookkeeping both watchers share: what status() and the health endpoint's chain_cursors row show, and
// what is logged (once per distinct error, then "recovered").
describe('a watcher pass health', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  const logger = () => {
    const lines: string[] = [];
    return {
      lines,
      log: {
        info: (_o: object, m?: string) => lines.push(`info ${m}`),
        warn: (_o: object, m?: string) => lines.push(`warn ${m}`),
        error: (_o: object, m?: string) => lines.push(`error ${m}`),
      },
    };
  };
  const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, s));

  it('keeps and reports the last error, logs it once while it repeats, and clears it when a pass succeeds', async () => {
    const { lines, log } = logger();
    const health = createPassHealth({ db: handle.db, network: 'litecoin', log });
    const down = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:19443');
    };
    await health.run({ now: at(1), pass: down, nodeTip: () => null });
    await health.run({ now: at(2), pass: down, nodeTip: () => null });
    expect(health.status()).toEqual({
      lastError: 'connect ECONNREFUSED 127.0.0.1:19443',
      lastErrorAt: at(2).toISOString(),
    });
    expect(lines).toEqual(['error watcher pass failed']);
    expect(await selectCursor(handle.db, 'litecoin')).toMatchObject({
      last_error: 'connect ECONNREFUSED 127.0.0.1:19443',
      node_tip: null,
    });

    await health.run({ now: at(3), pass: async () => null, nodeTip: () => 120 });
    expect(health.status().lastError).toBeNull();
    expect(lines).toEqual(['error watcher pass failed', 'info watcher recovered']);
    expect(await selectCursor(handle.db, 'litecoin')).toMatchObject({ last_error: null, node_tip: 120 });
  });

  it('reports a standing problem a pass returns without calling it a failure, and its own failure logger', async () => {
    const { lines, log } = logger();
    const health = createPassHealth({ db: handle.db, network: 'ethereum', log });
    const problem = 'The forwarder factory at 0x5FbD… has no code on Ethereum';
    await health.run({ now: at(1), pass: async () => problem, nodeTip: () => 7 });
    expect(health.status()).toEqual({ lastError: problem, lastErrorAt: null });
    expect(lines).toEqual([]);
    expect((await selectCursor(handle.db, 'ethereum'))?.last_error).toBe(problem);

    const logged: string[] = [];
    await health.run({
      now: at(2),
      pass: async () => {
        throw Object.assign(new Error('long viem text'), { shortMessage: 'HTTP request failed.' });
      },
      nodeTip: () => 7,
      logFailure: (_err, text) => logged.push(text),
    });
    expect(logged).toEqual(['HTTP request failed.']);
    expect(health.status().lastError).toBe('HTTP request failed.');
    // The standing problem again (the scan works, the factory still does not): back to it, "recovered" logged.
    await health.run({ now: at(3), pass: async () => problem, nodeTip: () => 8 });
    expect(health.status().lastError).toBe(problem);
    expect(lines).toEqual(['info watcher recovered']);
  });
});
