import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import type { WatchedPayment } from '#app/modules/payments/list-watched-payments.ts';
import { createUser } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { createWatchedPaymentsFeed } from './watched-payments.ts';

// What a chain watcher reads of the payments to watch, pass after pass (both watchers use this feed).
describe('the watched-payments feed', () => {
  let handle: DbHandle;
  let userId: string;
  beforeAll(async () => {
    handle = await createTestDb();
    userId = (await createUser({ db: handle.db })).id;
  });
  afterAll(() => handle?.close());

  const pay = async (address: string, createdHoursAgo: number) => {
    const p = await insertFixedAddressPayment({
      db: handle.db,
      userId,
      currency: 'LTC',
      network: 'litecoin',
      amount: '0.1',
      allocation: { address },
      expiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
    });
    await sql`UPDATE payments SET created_at = now() - make_interval(hours => ${createdHoursAgo}) WHERE id = ${p.id}`.execute(
      handle.db,
    );
    return p;
  };
  const readAll = async (read: { pages: AsyncGenerator<WatchedPayment[]> }) => {
    const rows: WatchedPayment[] = [];
    for await (const page of read.pages) rows.push(...page);
    return rows.map((r) => r.address);
  };

  it('reads everything at start, then what is new, and again everything after a full read failed', async () => {
    // Open payments created 10 days ago (outside a 7-day window, still watched while open) and an hour ago.
    await pay('rltc1qfeedold', 240);
    await pay('rltc1qfeedhour', 1);
    const feed = createWatchedPaymentsFeed({ db: handle.db, network: 'litecoin', watchDays: 7 });
    const t0 = new Date();

    // The first pass's full read fails after its first page (a pass error): it does not count.
    const first = feed.next(t0);
    expect(first.full).toBe(true);
    await expect(
      (async () => {
        for await (const _page of first.pages) throw new Error('the node went away mid-pass');
      })(),
    ).rejects.toThrow('the node went away mid-pass');

    // So the next pass reads everything again, old open payments included.
    const second = feed.next(new Date(t0.getTime() + 500));
    expect(second.full).toBe(true);
    expect(await readAll(second)).toEqual(['rltc1qfeedold', 'rltc1qfeedhour']);

    // Then what was created since the newest payment read, less a minute: the hour-old one again (the overlap; a
    // watcher adds a payment once) and the new one, not the old open one.
    await pay('rltc1qfeednew', 0);
    const third = feed.next(new Date(t0.getTime() + 1_000));
    expect(third.full).toBe(false);
    expect(await readAll(third)).toEqual(['rltc1qfeedhour', 'rltc1qfeednew']);

    // Ten minutes on, a full reload again; after reset() (a watcher starting again) at once.
    expect(feed.next(new Date(t0.getTime() + 11 * 60_000)).full).toBe(true);
    feed.reset();
    expect(feed.next(new Date(t0.getTime() + 11 * 60_000 + 1)).full).toBe(true);
  });
});
