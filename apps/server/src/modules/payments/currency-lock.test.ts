import { T } from '@coinlane/core/texts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { usingPostgres } from '#app/test/test-db.ts';
import { sleep } from '#app/test/wait-for.ts';

// Decision 020, as the payment's creation now takes it (one statement, write-new-payment.ts: a FOR SHARE of the coin's
// row in a CTE, filtered on what the payment was priced with; a coin no longer as priced fails the whole statement): a creation and an administrator's change of the coin's decimals are never interleaved. Two
// sessions at once are needed, so PostgreSQL only (PGlite has one connection).

describe.runIf(usingPostgres())('a payment created while an administrator changes its coin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('waits for the change, then is refused and leaves no payment; once the change is over, it is priced anew', async () => {
    const user = await createUser({ db: ctx.db });
    const { key } = await createKeyFor({ app: ctx.app, userId: user.id });
    const create = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: bearer(key),
        payload: { amount: '0.5', currency: 'LTC' },
      });
    // priced once, so the caches hold the coin's row as it is now
    expect((await create()).statusCode).toBe(201);

    // The administrator's transaction: the row under FOR UPDATE, its decimals changed, not yet committed.
    const admin = new pg.Client({ connectionString: ctx.dbHandle.databaseUrl });
    await admin.connect();
    await admin.query('BEGIN');
    const { rows } = await admin.query(
      "SELECT id, decimals FROM supported_cryptocurrencies WHERE symbol = 'LTC' AND enabled FOR UPDATE",
    );
    const row = rows[0] as { id: string; decimals: number };
    await admin.query('UPDATE supported_cryptocurrencies SET decimals = $1 WHERE id = $2', [
      row.decimals - 2,
      row.id,
    ]);

    let answered = false;
    const pending = create().then((r) => {
      answered = true;
      return r;
    });
    await sleep(300);
    expect(answered).toBe(false); // held by the administrator's lock
    await admin.query('COMMIT');
    await admin.end();

    const refused = await pending;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(T.cryptoDisabled('LTC', 'Litecoin'));
    const payments = await ctx.db
      .selectFrom('payments')
      .select('decimals')
      .where('user_id', '=', user.id)
      .execute();
    expect(payments.map((p) => p.decimals)).toEqual([row.decimals]);
    // nothing else of the refused creation either: no event, no audit row of a payment that does not exist
    const events = await ctx.db
      .selectFrom('outbox_events')
      .select('entity_id')
      .where('user_id', '=', user.id)
      .where('type', '=', 'payment.created')
      .execute();
    expect(events).toHaveLength(1);
    const orphans = await ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity_type', '=', 'payment')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('payments').select('id').whereRef('payments.id', '=', 'audit_log.entity_id'))),
      )
      .execute();
    expect(orphans).toEqual([]);

    // The change reached the caches at its commit: the next payment is priced with the new decimals.
    const next = await create();
    expect(next.statusCode).toBe(201);
    expect(
      (
        await ctx.db
          .selectFrom('payments')
          .select('decimals')
          .where('id', '=', next.json().data.id)
          .executeTakeFirst()
      )?.decimals,
    ).toBe(row.decimals - 2);
  });
});
