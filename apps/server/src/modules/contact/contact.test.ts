import { CONTACT_LIMITS } from '@coinlane/core/api/public';
import { T } from '@coinlane/core/texts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '#app/jobs/worker.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { salesInquiryMailJob } from './sales-inquiry-mail.job.ts';

const log = pino({ level: 'silent' });

const send = (ctx: TestContext, payload: unknown, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/contact-sales',
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
    headers,
  });

const valid = {
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  company: 'Navy Labs',
  message:
    'We take 2,000 payments a month.\nCan we talk about <b>volume</b> pricing? <script>alert(1)</script>',
  website: '',
  language: 'fr',
};

describe('Talk to Sales, mailed by SMTP', () => {
  let ctx: TestContext;
  let worker: JobWorker;
  beforeAll(async () => {
    ctx = await createTestContext();
    worker = startWebhooksRole(ctx, 20);
  });
  afterAll(async () => {
    await worker.stop();
    await ctx.close();
  });

  it('opens a sales ticket with the message and mails it to the operator, Reply-To the sender, the message escaped', async () => {
    const res = await send(ctx, valid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { received: true }, error: null });

    const rows = await ctx.db.selectFrom('support_tickets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Sales inquiry from Grace Hopper, Navy Labs',
      category: 'sales',
      priority: 'normal',
      status: 'open',
      user_id: null,
      customer_name: 'Grace Hopper',
      customer_email: 'grace@example.com',
      company: 'Navy Labs',
      ip: '203.0.113.7',
      language: 'fr',
      resolved_at: null,
    });
    const thread = await ctx.db
      .selectFrom('support_ticket_messages')
      .selectAll()
      .where('ticket_id', '=', rows[0]!.id)
      .execute();
    expect(thread).toMatchObject([{ body: valid.message, is_staff: false, author_id: null }]);

    // The operator's address: the support email of the system settings while SALES_EMAIL is not set.
    const mail = await ctx.smtp.waitForMail('support@coinlane.local', { subject: /Sales inquiry/ });
    expect(mail.subject).toBe('Sales inquiry from Grace Hopper, Navy Labs');
    expect(mail.parsed.replyTo?.text).toBe('grace@example.com');
    expect(mail.text).toContain('> We take 2,000 payments a month.');
    expect(mail.text).toContain('grace@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>volume</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // With a link to the ticket in the back-office.
    expect(mail.text).toContain(`http://localhost:3000/admin/support?ticket=${rows[0]!.id}`);
    await waitFor(
      'mailed_at set',
      async () =>
        (await ctx.db.selectFrom('support_ticket_messages').select('mailed_at').executeTakeFirstOrThrow())
          .mailed_at !== null,
    );
    // Run again (a retry after a lost lease): nothing is sent twice.
    const mails = ctx.smtp.mails.length;
    await salesInquiryMailJob.handler(
      { ticketId: rows[0]!.id },
      {
        db: ctx.db,
        config: ctx.config,
        log,
        job: { id: 'again', name: salesInquiryMailJob.name, attempts: 2, maxAttempts: 8 },
      },
    );
    expect(ctx.smtp.mails.length).toBe(mails);
  });

  it('follows the support email the admins set', async () => {
    await setSystemSetting({ db: ctx.db, key: 'support_email', value: 'sales@acme.test', updatedBy: null });
    const res = await send(ctx, { ...valid, name: '  Ada \n Lovelace ', company: '' }, '203.0.113.8');
    expect(res.statusCode, res.body).toBe(200);
    const mail = await ctx.smtp.waitForMail('sales@acme.test', { subject: /Sales inquiry/ });
    expect(mail.subject).toBe('Sales inquiry from Ada Lovelace');
    expect(mail.text).toContain('Company: not given');
  });

  it('refuses incomplete or oversized messages with the catalogue texts, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, name: '   ' }, 'name', T.contactNameRequired],
      [{ ...valid, name: undefined }, 'name', T.contactNameRequired],
      [{ ...valid, email: 'not-an-email' }, 'email', T.emailInvalid],
      [{ ...valid, email: '' }, 'email', T.emailRequired],
      [{ ...valid, message: ' \n ' }, 'message', T.contactMessageRequired],
      [
        { ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) },
        'message',
        T.contactMessageTooLong(CONTACT_LIMITS.message),
      ],
      [
        { ...valid, name: 'n'.repeat(CONTACT_LIMITS.name + 1) },
        'name',
        T.contactNameTooLong(CONTACT_LIMITS.name),
      ],
      [
        { ...valid, company: 'c'.repeat(CONTACT_LIMITS.company + 1) },
        'company',
        T.contactCompanyTooLong(CONTACT_LIMITS.company),
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send(ctx, payload, '203.0.113.9');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.fields?.[field] ?? res.json().error.message).toBe(message);
    }
    for (const payload of [
      { ...valid, name: 42 },
      { ...valid, extra: 1 },
      [],
      'text',
      { ...valid, language: 'xx' },
    ]) {
      const res = await send(ctx, payload, '203.0.113.9');
      expect([400, 415], res.body).toContain(res.statusCode);
    }
    expect(
      await ctx.db.selectFrom('support_tickets').select('id').where('ip', '=', '203.0.113.9').execute(),
    ).toEqual([]);
  });

  it('answers a robot that filled the hidden field like anyone, and keeps and mails nothing', async () => {
    const before = ctx.smtp.mails.length;
    const res = await send(ctx, { ...valid, website: 'http://spam.example' }, '203.0.113.10');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true });
    await worker.drain();
    expect(
      await ctx.db.selectFrom('support_tickets').select('id').where('ip', '=', '203.0.113.10').execute(),
    ).toEqual([]);
    expect(ctx.smtp.mails.length).toBe(before);
  });

  it(`keeps at most ${CONTACT_LIMITS.perIpPerHour} messages per client IP and hour`, async () => {
    for (let i = 0; i < CONTACT_LIMITS.perIpPerHour; i++) {
      expect((await send(ctx, valid, '198.51.100.1')).statusCode).toBe(200);
    }
    const refused = await send(ctx, valid, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: T.contactTooMany });
    expect((await send(ctx, valid, '198.51.100.2')).statusCode).toBe(200);
  });

  it('refuses a post from another website (cross-site request forgery)', async () => {
    const res = await send(ctx, valid, '203.0.113.11', { origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(
      await ctx.db.selectFrom('support_tickets').select('id').where('ip', '=', '203.0.113.11').execute(),
    ).toEqual([]);
  });
});

describe('Talk to Sales in development without SMTP', () => {
  let ctx: TestContext;
  let worker: JobWorker;
  beforeAll(async () => {
    ctx = await createTestContext({
      smtpUrl: undefined,
      devMailOutbox: true,
      salesEmail: 'sales@coinlane.test',
    });
    worker = startWebhooksRole(ctx, 20);
  });
  afterAll(async () => {
    await worker.stop();
    await ctx.close();
  });

  it('lands in the development outbox, addressed to SALES_EMAIL, with its Reply-To', async () => {
    expect((await send(ctx, valid)).statusCode).toBe(200);
    const list = await waitFor('the outbox mail', async () => {
      const l = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mail' })).json().data;
      return l.length ? l : null;
    });
    expect(list.map((m: { to: string; subject: string }) => [m.to, m.subject])).toEqual([
      ['sales@coinlane.test', 'Sales inquiry from Grace Hopper, Navy Labs'],
    ]);
    const one = (await ctx.app.inject({ method: 'GET', url: `/api/v1/dev/mail/${list[0].id}` })).json().data;
    expect(one.replyTo).toBe('grace@example.com');
    expect(ctx.smtp.mails).toEqual([]);
  });
});
