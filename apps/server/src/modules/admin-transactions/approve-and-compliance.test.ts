import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TAdminTransactionDetails } from '@coinlane/core/api/admin-transactions';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#app/modules/outbox/list-outbox-events.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { rescorePaymentsPaidBy } from '#app/modules/risk/rescore-payments-paid-by.ts';
import { type RiskAlert, scorePaymentRisk } from '#app/modules/risk/score-payment-risk.ts';
import { importSanctionsList } from '#app/modules/sanctions/import-sanctions-list.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Transaction Management's Approve, the risk score with the sanctions list, and the compliance export (issue 16,
// decision 021), through the HTTP API as the back-office calls it.

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../sanctions/fixtures/sdn_advanced.fixture.xml',
);
/** The fixture's listed ETH address (Hardhat's 10th development account). */
const LISTED = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

let ctx: TestContext;
let merchantId: string;
const cookies: Record<string, string> = {};
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['super_admin', 'support_admin', 'finance_admin', 'compliance_admin'] as const) {
    const admin = await createUser({ db: ctx.db, adminRole: role });
    if (role === 'super_admin') adminId = admin.id;
    cookies[role] = await signIn({ app: ctx.app, userId: admin.id });
  }
  merchantId = (await createUser({ db: ctx.db, name: 'Approve Shop' })).id;
  cookies.merchant = await signIn({ app: ctx.app, userId: merchantId });
});
afterAll(() => ctx.close());

let txCounter = 0;
/** A live 1 LTC payment (2 confirmations required), and what the chain showed of it. */
async function payment({
  received = 0n,
  confirmations = 0,
  expired = false,
  payers,
}: {
  received?: bigint;
  confirmations?: number;
  expired?: boolean;
  payers?: string[];
} = {}) {
  const p = await insertFixedAddressPayment({
    db: ctx.db,
    userId: merchantId,
    currency: 'LTC',
    network: 'litecoin',
    amount: '1',
    requiredConfirmations: 2,
    allocation: { address: `ltc-approve-${++txCounter}` },
    ...(expired ? { expiresAt: new Date(Date.now() + 50) } : {}),
  });
  await ctx.db.updateTable('payments').set({ usd_amount: '80.00' }).where('id', '=', p.id).execute();
  if (expired) {
    await new Promise((r) => setTimeout(r, 60));
    await expireDuePayments({ db: ctx.db, deps: ctx.server.payments });
  }
  if (received > 0n) {
    await recordPaymentTransfer({
      deps: ctx.server.payments,
      db: ctx.db,
      paymentId: p.id,
      transfer: {
        txid: txCounter.toString(16).padStart(64, '0'),
        outputIndex: 0,
        amount: received,
        confirmations,
        seenAt: new Date(),
        ...(payers ? { payers } : {}),
      },
    });
  }
  return p.id;
}

const approve = (id: string, body: unknown, cookie = cookies.super_admin!) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/transactions/${id}/approve`,
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: body as object,
  });
async function details(id: string): Promise<TAdminTransactionDetails> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/transactions/${id}`,
    headers: { cookie: cookies.super_admin! },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const row = (id: string) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /admin/transactions/{id}/approve', () => {
  it.each([
    [
      'paid in full with too few confirmations',
      { received: 100_000_000n, confirmations: 1 },
      'pending',
      'none',
    ],
    ['paid in full, in the mempool only', { received: 100_000_000n, confirmations: 0 }, 'pending', 'none'],
    ['paid in part', { received: 40_000_000n, confirmations: 3 }, 'partial', 'paid_partial'],
    [
      'paid after it expired',
      { received: 100_000_000n, confirmations: 1, expired: true },
      'expired',
      'paid_late',
    ],
  ] as const)(
    'approves a payment %s: completed, payment.confirmed with who and why, the fee recorded, audited',
    async (_name, chain, before, exception) => {
      const id = await payment(chain);
      expect((await row(id)).status).toBe(before);
      const res = await approve(id, { reason: '  Customer sent the rest by bank transfer  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        id,
        status: 'completed',
        paymentStatus: 'confirmed',
        exception,
        completedAt: expect.any(String),
      });
      const stored = await row(id);
      expect(stored).toMatchObject({
        status: 'confirmed',
        approved_by: adminId,
        approval_reason: 'Customer sent the rest by bank transfer',
      });
      expect(stored.confirmed_at).toBeInstanceOf(Date);
      // The merchant's webhook event: payment.confirmed, its payload naming the approval.
      const events = await listOutboxEvents({ db: ctx.db, userId: merchantId, mode: 'live', entityId: id });
      const confirmed = events.filter((e) => e.type === 'payment.confirmed');
      expect(confirmed).toHaveLength(1);
      expect(confirmed[0]!.payload).toMatchObject({
        id,
        status: 'confirmed',
        approval: {
          approvedAt: expect.any(String),
          approvedBy: { type: 'admin', id: adminId },
          reason: 'Customer sent the rest by bank transfer',
        },
      });
      // Moves no funds; the platform fee is recorded as for any confirmation.
      const d = await details(id);
      expect(d.fees.platformFee).toMatchObject({ status: 'pending', currency: 'LTC' });
      expect(d.approval).toEqual({
        approvedAt: expect.any(String),
        approvedBy: adminId,
        reason: 'Customer sent the rest by bank transfer',
      });
      const audit = d.auditTrail.find((a) => a.action === 'payment.approve');
      expect(audit).toMatchObject({
        actorType: 'admin',
        actorId: adminId,
        after: expect.objectContaining({
          status: 'confirmed',
          reason: 'Customer sent the rest by bank transfer',
        }),
      });
      // Once only.
      const again = await approve(id, { reason: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'INVALID_STATE', message: T.transactionAlreadyCompleted });
    },
  );

  it('an approved payment stays completed as its confirmations come in', async () => {
    const id = await payment({ received: 40_000_000n, confirmations: 1 });
    expect((await approve(id, { reason: 'Known customer' })).statusCode).toBe(200);
    const t = await ctx.db
      .selectFrom('transfers')
      .select('id')
      .where('payment_id', '=', id)
      .executeTakeFirstOrThrow();
    const { updatePaymentConfirmations } = await import('#app/modules/payments/record-payment-transfer.ts');
    await updatePaymentConfirmations({
      deps: ctx.server.payments,
      db: ctx.db,
      paymentId: id,
      updates: [{ transferId: t.id, confirmations: 6 }],
    });
    expect(await row(id)).toMatchObject({ status: 'confirmed', exception: 'paid_partial', confirmations: 6 });
  });

  it('never approves a payment with nothing received (409, nothing changes)', async () => {
    const open = await payment();
    const expired = await payment({ expired: true });
    for (const id of [open, expired]) {
      const before = await row(id);
      const res = await approve(id, { reason: 'Please' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'INVALID_STATE', message: T.transactionNothingReceived });
      expect(await row(id)).toEqual(before);
    }
  });

  it('refuses a payment confirmed by the chain (409)', async () => {
    const id = await payment({ received: 100_000_000n, confirmations: 2 });
    expect((await row(id)).status).toBe('confirmed');
    const res = await approve(id, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(T.transactionAlreadyCompleted);
  });

  it.each([
    ['no body', undefined, T.approveReasonRequired],
    ['no reason', {}, T.approveReasonRequired],
    ['a blank reason', { reason: '   ' }, T.approveReasonRequired],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, T.approveReasonTooLong(500)],
    ['a reason that is not text', { reason: 42 }, T.approveReasonRequired],
  ])('refuses %s with 400 VALIDATION_ERROR, changing nothing', async (_name, body, message) => {
    const id = await payment({ received: 40_000_000n, confirmations: 1 });
    const res = await approve(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.body).toContain(message);
    expect((await row(id)).status).toBe('partial');
  });

  it('answers 404 for an unknown transaction, and 403 without transactions.write', async () => {
    const res = await approve('pay_missing', { reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(T.transactionNotFound);
    const id = await payment({ received: 40_000_000n, confirmations: 1 });
    expect((await approve(id, { reason: 'x' }, cookies.compliance_admin)).statusCode).toBe(403);
    expect((await approve(id, { reason: 'x' }, cookies.merchant)).statusCode).toBe(403);
    expect((await approve(id, { reason: 'x' }, cookies.finance_admin)).statusCode).toBe(200);
  });
});

describe('risk score, sanctions and the compliance export', () => {
  it('scores a payment paid from a listed address 10 with the sanctions flag, and raises a System Alert', async () => {
    await importSanctionsList({
      db: ctx.db,
      chunks: fs.createReadStream(fixture),
      sourceFile: 'sdn_advanced.xml',
    });
    const clean = await payment({
      received: 100_000_000n,
      confirmations: 2,
      payers: ['0x1111111111111111111111111111111111111111'],
    });
    const listed = await payment({ received: 100_000_000n, confirmations: 2, payers: [LISTED] });
    expect((await details(clean)).risk).toMatchObject({ riskScore: 1, fraudFlags: [] });
    const d = await details(listed);
    expect(d.risk).toEqual({
      riskScore: 10,
      fraudFlags: ['sanctioned_payer_address'],
      scoredAt: expect.any(String),
      payerAddresses: [LISTED.toLowerCase()],
    });
    expect(d.auditTrail.find((a) => a.action === 'payment.risk_assessed')?.after).toEqual({
      riskScore: 10,
      fraudFlags: ['sanctioned_payer_address'],
    });

    // The hit raised a critical System Alert for the operators (Health Monitor tab, e-mail, Slack, Discord); the
    // clean payment raised none.
    const alertsRes = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/alerts',
      headers: { cookie: cookies.super_admin! },
    });
    const active = (alertsRes.json().data.items as { kind: string; level: string; title: string }[]).filter(
      (a) => a.kind === 'sanctions_hit',
    );
    expect(active).toEqual([
      expect.objectContaining({ level: 'critical', title: `Sanctions list hit: payment ${listed}` }),
    ]);

    // The seam (server-payments.ts, RISK_ALERTS) is told once, when the hit is new.
    const alerts: RiskAlert[] = [];
    await ctx.db
      .updateTable('payments')
      .set({ fraud_flags: [], risk_score: 1 })
      .where('id', '=', listed)
      .execute();
    const locked = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', listed)
      .executeTakeFirstOrThrow();
    await scorePaymentRisk({
      db: ctx.db,
      payment: { ...locked, flushed_at: null, flush_tx: null, return_url: null },
      now: new Date(),
      onRiskAlert: async (a) => {
        alerts.push(a);
      },
    });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'sanctions_hit',
        paymentId: listed,
        score: 10,
        sanctionedPayers: [LISTED.toLowerCase()],
      }),
    ]);
  });

  it('scores again the payments of an address listed after they were paid', async () => {
    const key = '0x2222222222222222222222222222222222222222';
    const id = await payment({ received: 100_000_000n, confirmations: 2, payers: [key] });
    expect((await details(id)).risk.riskScore).toBe(1);
    await ctx.db
      .insertInto('sanctioned_addresses')
      .values({
        address_key: key,
        address: key,
        asset: 'ETH',
        party_name: null,
        party_ref: null,
        import_id: (await ctx.db.selectFrom('sanctions_imports').select('id').executeTakeFirstOrThrow()).id,
      })
      .execute();
    expect(await rescorePaymentsPaidBy({ db: ctx.db, keys: [key] })).toEqual([id]);
    expect((await details(id)).risk).toMatchObject({
      riskScore: 10,
      fraudFlags: ['sanctioned_payer_address'],
    });
  });

  it('exports the flagged transactions as CSV for reports.compliance only, and audits it', async () => {
    const flagged = await payment({
      received: 30_000_000n,
      confirmations: 2,
      payers: ['0x3333333333333333333333333333333333333333'],
    });
    const clean = await payment({ received: 100_000_000n, confirmations: 2 });
    const get = (cookie: string, query = '') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/transactions/compliance-export${query}`,
        headers: { cookie },
      });

    for (const role of ['super_admin', 'support_admin', 'finance_admin', 'merchant']) {
      expect((await get(cookies[role]!)).statusCode, role).toBe(403);
    }
    const res = await get(cookies.compliance_admin!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="compliance-live-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'transaction_id,created_at,mode,status,payment_status,merchant_id,merchant,customer_email,customer_country,amount,currency,network,amount_received,amount_usd,risk_score,fraud_flags,payer_addresses,tx_hashes',
    );
    const line = lines.find((l) => l.startsWith(`${flagged},`));
    expect(line).toMatch(
      new RegExp(
        `,live,pending,partial,${merchantId},Approve Shop,,,1,LTC,litecoin,0.3,80.00,2,partial_payment,0x3333333333333333333333333333333333333333,0{54}[0-9a-f]{10}$`,
      ),
    );
    expect(lines.some((l) => l.startsWith(`${clean},`))).toBe(false);
    // score 10 (sanctions) and the approved partial payments are in too
    expect(lines.some((l) => l.includes(',10,sanctioned_payer_address,'))).toBe(true);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'transactions.compliance_exported')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'admin', mode: 'live' });

    const bad = await get(cookies.compliance_admin!, '?from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    const none = await get(cookies.compliance_admin!, '?mode=test');
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('User Management: the merchant’s risk score from its payments', () => {
  it('is the highest score of its live payments of the last 30 days, else the account’s default', async () => {
    const users = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/admin/users',
          headers: { cookie: cookies.super_admin! },
        })
      ).json().data as { id: string; riskScore: number }[];
    const shop = await createUser({ db: ctx.db, name: 'Quiet Shop' });
    const p = await insertFixedAddressPayment({
      db: ctx.db,
      userId: shop.id,
      currency: 'LTC',
      network: 'litecoin',
      amount: '1',
      allocation: { address: 'ltc-quiet-1' },
    });
    const q = await insertFixedAddressPayment({
      db: ctx.db,
      userId: shop.id,
      currency: 'LTC',
      network: 'litecoin',
      amount: '1',
      allocation: { address: 'ltc-quiet-2' },
    });
    await ctx.db.updateTable('payments').set({ risk_score: 3 }).where('id', '=', p.id).execute();
    await ctx.db
      .updateTable('payments')
      .set({ risk_score: 9, created_at: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where('id', '=', q.id)
      .execute();
    expect((await users()).find((u) => u.id === shop.id)?.riskScore).toBe(3);
    // The merchant of the sanctions test: one of its payments scored 10.
    expect((await users()).find((u) => u.id === merchantId)?.riskScore).toBe(10);
    // Only test payments, or none: the account's default (5).
    const idle = await createUser({ db: ctx.db, name: 'Idle Shop' });
    expect((await users()).find((u) => u.id === idle.id)?.riskScore).toBe(5);
  });
});
