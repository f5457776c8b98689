import { SUPPORT_LIMITS } from '@coinlane/core/api/support';
import { T } from '@coinlane/core/texts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '#app/jobs/worker.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { linkIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { ticketMessageMailJob } from './ticket-message-mail.job.ts';

// Issue 16, Support & Operations: support tickets between merchants (and the landing page's visitors) and the
// back-office, through the HTTP API, with the notice mails read from a real SMTP server (test/smtp.ts).

let ctx: TestContext;
let worker: JobWorker;
let root: TestUser;
let alice: TestUser;
let bob: TestUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  worker = startWebhooksRole(ctx, 20);
  root = await createUser({ db: ctx.db, adminRole: 'super_admin', name: 'Rita Root' });
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin', name: 'Sam Support' });
  const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
  alice = await createUser({ db: ctx.db, name: 'Alice Merchant', email: 'alice@example.com' });
  bob = await createUser({ db: ctx.db, name: 'Bob Merchant', email: 'bob@example.com' });
  await ctx.db
    .updateTable('user_profiles')
    .set({ business_name: 'Alice Books' })
    .where('id', '=', alice.id)
    .execute();
  // Alice reads her mail in German.
  await ctx.db.updateTable('user_settings').set({ language: 'de' }).where('user_id', '=', alice.id).execute();
  cookies.root = await signIn({ app: ctx.app, userId: root.id });
  cookies.support = await signIn({ app: ctx.app, userId: support.id });
  cookies.finance = await signIn({ app: ctx.app, userId: finance.id });
  cookies.alice = await signIn({ app: ctx.app, userId: alice.id });
  cookies.bob = await signIn({ app: ctx.app, userId: bob.id });
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who: string | null, payload?: unknown, headers = {}) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who ? { cookie: cookies[who] } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const data = async (method: Method, url: string, who: string, payload?: unknown) => {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const auditOf = (ticketId: string, action: string) =>
  ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', ticketId)
    .where('action', '=', action)
    .execute();
const ticketRow = (id: string) =>
  ctx.db.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const newTicket = {
  title: 'Webhook  signature\tfails',
  category: 'technical',
  priority: 'high',
  message: 'Our server says the signature does not match.\n<b>Since</b> this morning.',
};

describe('a merchant opens a ticket', () => {
  let ticketId: string;

  it('keeps it with its first message and mails the operator, a link to the ticket in the back-office', async () => {
    const created = await data('POST', '/support/tickets', 'alice', newTicket);
    ticketId = created.ticket.id;
    expect(ticketId).toMatch(/^tkt_/);
    expect(created.ticket).toMatchObject({
      title: 'Webhook signature fails',
      category: 'technical',
      priority: 'high',
      status: 'open',
      messageCount: 1,
      answered: false,
      resolvedAt: null,
    });
    expect(created.messages).toEqual([
      {
        id: expect.stringMatching(/^tkm_/),
        body: newTicket.message,
        fromStaff: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(await ticketRow(ticketId)).toMatchObject({
      user_id: alice.id,
      customer_name: null,
      customer_email: null,
    });

    const mail = await ctx.smtp.waitForMail('support@coinlane.local', { subject: /New support ticket/ });
    expect(mail.subject).toBe('New support ticket from Alice Books: Webhook signature fails');
    expect(linkIn(mail, '/admin/support')).toBe(`http://localhost:3000/admin/support?ticket=${ticketId}`);
    expect(mail.text).toContain('> Our server says the signature does not match.');
    expect(mail.text).toContain('alice@example.com');
    expect(mail.html).toContain('&lt;b&gt;Since&lt;/b&gt;');
    expect(await auditOf(ticketId, 'support_ticket.opened')).toMatchObject([
      { actor_id: alice.id, actor_type: 'user' },
    ]);
  });

  it('a priority left out is normal', async () => {
    const { ticket } = await data('POST', '/support/tickets', 'bob', {
      title: 'Payout question',
      category: 'billing',
      message: 'When are fees charged?',
    });
    expect(ticket.priority).toBe('normal');
  });

  it('refuses bad input with the catalogue texts and keeps nothing', async () => {
    const before = (await ctx.db.selectFrom('support_tickets').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...newTicket, title: ' \n ' }, 'title', T.ticketTitleRequired],
      [{ ...newTicket, title: undefined }, 'title', T.ticketTitleRequired],
      [
        { ...newTicket, title: 't'.repeat(SUPPORT_LIMITS.title + 1) },
        'title',
        T.ticketTitleTooLong(SUPPORT_LIMITS.title),
      ],
      [{ ...newTicket, message: '  ' }, 'message', T.ticketMessageRequired],
      [{ ...newTicket, message: undefined }, 'message', T.ticketMessageRequired],
      [
        { ...newTicket, message: 'm'.repeat(SUPPORT_LIMITS.message + 1) },
        'message',
        T.ticketMessageTooLong(SUPPORT_LIMITS.message),
      ],
      [{ ...newTicket, category: 'gossip' }, 'category', T.ticketCategoryInvalid],
      [{ ...newTicket, category: undefined }, 'category', T.ticketCategoryInvalid],
      [{ ...newTicket, priority: 'whenever' }, 'priority', T.ticketPriorityInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/support/tickets', 'alice', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.fields?.[field] ?? res.json().error.message).toBe(message);
    }
    for (const payload of [{ ...newTicket, userId: bob.id }, [], 'text', { ...newTicket, title: 42 }]) {
      // A body that is not JSON is 415 (not a JSON body), JSON of the wrong shape 400.
      expect([400, 415]).toContain((await call('POST', '/support/tickets', 'alice', payload)).statusCode);
    }
    expect((await ctx.db.selectFrom('support_tickets').select('id').execute()).length).toBe(before);
  });

  it('needs a signed-in session: anonymous 401, an API key 403', async () => {
    expect((await call('POST', '/support/tickets', null, newTicket)).statusCode).toBe(401);
    expect((await call('GET', '/support/tickets', null)).statusCode).toBe(401);
    const key = (
      await data('POST', '/api-keys', 'alice', { name: 'support', permissions: ['read', 'write', 'webhook'] })
    ).key as string;
    const byKey = await call('POST', '/support/tickets', null, newTicket, { authorization: `Bearer ${key}` });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.message).toBe(T.apiKeySessionOnly);
    expect(
      (await call('GET', `/support/tickets/${ticketId}`, null, undefined, { authorization: `Bearer ${key}` }))
        .statusCode,
    ).toBe(403);
  });

  it('another merchant can neither see, read nor write on it (404, as for no ticket)', async () => {
    const mine = await data('GET', '/support/tickets', 'bob');
    expect(mine.map((t: { id: string }) => t.id)).not.toContain(ticketId);
    for (const res of [
      await call('GET', `/support/tickets/${ticketId}`, 'bob'),
      await call('POST', `/support/tickets/${ticketId}/messages`, 'bob', { body: 'Let me in' }),
      await call('GET', '/support/tickets/tkt_nothing', 'bob'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: T.ticketNotFound });
    }
    const thread = await data('GET', `/support/tickets/${ticketId}`, 'alice');
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([newTicket.message]);
  });
});

describe('the back-office answers', () => {
  let ticketId: string;
  beforeAll(async () => {
    ticketId = (
      await data('POST', '/support/tickets', 'alice', {
        title: 'Cannot switch to live',
        category: 'account',
        message: 'The live switch is grey.',
      })
    ).ticket.id;
  });

  it('lists tickets newest first with the customer, the message count and the unresolved count', async () => {
    const list = await data('GET', '/admin/support/tickets', 'support');
    expect(list.limit).toBe(SUPPORT_LIMITS.list);
    expect(list.total).toBe(list.tickets.length);
    expect(list.tickets[0]).toMatchObject({
      id: ticketId,
      title: 'Cannot switch to live',
      status: 'open',
      userId: alice.id,
      customerName: 'Alice Books',
      customerEmail: 'alice@example.com',
      messageCount: 1,
      assignedTo: null,
      resolvedAt: null,
    });
    const created = list.tickets.map((t: { createdAt: string }) => t.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(list.unresolved).toBe(list.tickets.filter((t: { status: string }) => t.status === 'open').length);
    expect(await data('GET', '/admin/support/summary', 'support')).toEqual({ unresolved: list.unresolved });
  });

  it('a reply joins the thread, puts the ticket in progress, assigns it, and mails the merchant a link in its language', async () => {
    const before = await ticketRow(ticketId);
    const res = await data('POST', `/admin/support/tickets/${ticketId}/messages`, 'support', {
      body: '  Your account is waiting for approval; we are on it.  ',
    });
    expect(res.ticket).toMatchObject({
      status: 'in_progress',
      messageCount: 2,
      assignedTo: { name: 'Sam Support' },
    });
    expect(
      res.messages.map((m: { fromStaff: boolean; authorName: string; body: string }) => [
        m.fromStaff,
        m.authorName,
        m.body,
      ]),
    ).toEqual([
      [false, 'Alice Books', 'The live switch is grey.'],
      [true, 'Sam Support', 'Your account is waiting for approval; we are on it.'],
    ]);
    const after = await ticketRow(ticketId);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());

    const mail = await ctx.smtp.waitForMail('alice@example.com', { subject: /Support-Ticket/ });
    expect(mail.subject).toBe('Neue Antwort auf Ihr Support-Ticket: Cannot switch to live');
    expect(mail.html).toContain('<html lang="de">');
    expect(linkIn(mail, '/support/')).toBe(`http://localhost:3000/support/${ticketId}`);
    // The merchant reads the reply signed in: the mail carries the link, not the text.
    expect(mail.text).not.toContain('waiting for approval');
    expect(await auditOf(ticketId, 'support_ticket.replied')).toMatchObject([
      { actor_type: 'admin', before: { status: 'open', assignedTo: null } },
    ]);

    // The merchant sees the answer in its thread, without the staff member's name.
    const thread = await data('GET', `/support/tickets/${ticketId}`, 'alice');
    expect(thread.ticket).toMatchObject({ status: 'in_progress', answered: true, messageCount: 2 });
    expect(thread.messages[1]).toEqual({
      id: expect.any(String),
      body: 'Your account is waiting for approval; we are on it.',
      fromStaff: true,
      createdAt: expect.any(String),
    });
  });

  it('refuses an empty or oversized reply, and a reply to no ticket', async () => {
    for (const [body, message] of [
      ['   ', T.ticketMessageRequired],
      [undefined, T.ticketMessageRequired],
      ['r'.repeat(SUPPORT_LIMITS.message + 1), T.ticketMessageTooLong(SUPPORT_LIMITS.message)],
    ] as const) {
      const res = await call('POST', `/admin/support/tickets/${ticketId}/messages`, 'support', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields?.body ?? res.json().error.message).toBe(message);
    }
    const missing = await call('POST', '/admin/support/tickets/tkt_missing/messages', 'support', {
      body: 'Hi',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(T.ticketNotFound);
    expect((await call('GET', '/admin/support/tickets/tkt_missing', 'support')).statusCode).toBe(404);
  });

  it('resolved and closed stamp resolved_at; open clears it; the same status again changes nothing', async () => {
    const set = (status: string) =>
      call('PUT', `/admin/support/tickets/${ticketId}/status`, 'root', { status });
    const resolved = await set('resolved');
    expect(resolved.statusCode, resolved.body).toBe(200);
    const r1 = await ticketRow(ticketId);
    expect(r1.status).toBe('resolved');
    expect(r1.resolved_at).not.toBeNull();
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      resolvedAt: r1.resolved_at!.toISOString(),
    });

    const audits = (await auditOf(ticketId, 'support_ticket.status_changed')).length;
    expect((await set('resolved')).json().data.status).toBe('resolved');
    expect((await auditOf(ticketId, 'support_ticket.status_changed')).length).toBe(audits);
    expect((await ticketRow(ticketId)).updated_at).toEqual(r1.updated_at);

    await set('closed');
    const r2 = await ticketRow(ticketId);
    expect(r2.resolved_at!.getTime()).toBeGreaterThanOrEqual(r1.resolved_at!.getTime());
    expect(r2.updated_at.getTime()).toBeGreaterThan(r1.updated_at.getTime());

    const reopened = (await set('open')).json().data;
    expect(reopened).toMatchObject({ status: 'open', resolvedAt: null });
    const log = await auditOf(ticketId, 'support_ticket.status_changed');
    expect(
      log.map((a) => [(a.before as { status: string }).status, (a.after as { status: string }).status]),
    ).toEqual([
      ['in_progress', 'resolved'],
      ['resolved', 'closed'],
      ['closed', 'open'],
    ]);
    expect(log.every((a) => a.actor_id === root.id && a.actor_type === 'admin')).toBe(true);
  });

  it('refuses a status that is not one of the four, and an unknown ticket', async () => {
    for (const status of ['waiting', '', 42, undefined]) {
      const res = await call('PUT', `/admin/support/tickets/${ticketId}/status`, 'root', { status });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields?.status ?? res.json().error.message).toBe(T.ticketStatusInvalid);
    }
    const res = await call('PUT', '/admin/support/tickets/tkt_missing/status', 'root', { status: 'closed' });
    expect(res.statusCode).toBe(404);
  });

  it('a closed ticket takes no message until staff reopen it; a merchant message reopens a resolved one', async () => {
    await data('PUT', `/admin/support/tickets/${ticketId}/status`, 'root', { status: 'closed' });
    const staff = await call('POST', `/admin/support/tickets/${ticketId}/messages`, 'root', {
      body: 'One more thing',
    });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().error).toMatchObject({ code: 'INVALID_STATE', message: T.ticketClosedStaff });
    const merchant = await call('POST', `/support/tickets/${ticketId}/messages`, 'alice', {
      body: 'Still grey',
    });
    expect(merchant.statusCode).toBe(409);
    expect(merchant.json().error.message).toBe(T.ticketClosedCustomer);

    await data('PUT', `/admin/support/tickets/${ticketId}/status`, 'root', { status: 'resolved' });
    const sent = ctx.smtp.mails.length;
    const back = await data('POST', `/support/tickets/${ticketId}/messages`, 'alice', {
      body: 'Still grey, sorry',
    });
    expect(back.ticket).toMatchObject({ status: 'open', resolvedAt: null, answered: false });
    expect(await auditOf(ticketId, 'support_ticket.message_added')).toMatchObject([
      { actor_id: alice.id, after: { status: 'open', length: 17 } },
    ]);
    const mail = await ctx.smtp.waitForMail('support@coinlane.local', {
      subject: /New message on support ticket/,
      after: sent,
    });
    expect(mail.subject).toBe(
      `New message on support ticket ${ticketId.slice(4, 12)}: Cannot switch to live`,
    );
    expect(mail.text).toContain('> Still grey, sorry');
  });

  it('support.read and support.write are needed: a finance admin and a merchant are refused', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/support/tickets', undefined],
      ['GET', '/admin/support/summary', undefined],
      ['GET', `/admin/support/tickets/${ticketId}`, undefined],
      ['POST', `/admin/support/tickets/${ticketId}/messages`, { body: 'x' }],
      ['PUT', `/admin/support/tickets/${ticketId}/status`, { status: 'closed' }],
    ] as const) {
      for (const who of ['finance', 'alice']) {
        expect((await call(method, url, who, payload)).statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
    }
    expect((await ticketRow(ticketId)).status).toBe('open');
  });
});

describe('names, visitors and limits', () => {
  it("shows 'Unknown User' once the merchant's account is deleted", async () => {
    const carol = await createUser({ db: ctx.db, name: 'Carol Gone' });
    cookies.carol = await signIn({ app: ctx.app, userId: carol.id });
    const { ticket } = await data('POST', '/support/tickets', 'carol', {
      title: 'Close my account',
      category: 'account',
      message: 'Please.',
    });
    expect((await call('DELETE' as Method, `/admin/users/${carol.id}`, 'root')).statusCode).toBe(200);
    const { ticket: seen, messages } = await data('GET', `/admin/support/tickets/${ticket.id}`, 'root');
    expect(seen).toMatchObject({ customerName: T.unknownUser, customerEmail: null });
    expect(messages[0].authorName).toBe(T.unknownUser);
    // A reply is kept but mailed to nobody: the account has no address any more.
    const sent = ctx.smtp.mails.length;
    const reply = await data('POST', `/admin/support/tickets/${ticket.id}/messages`, 'root', {
      body: 'Done.',
    });
    await waitFor(
      'the reply marked as handled',
      async () =>
        (
          await ctx.db
            .selectFrom('support_ticket_messages')
            .select('mailed_at')
            .where('id', '=', reply.messages[1].id)
            .executeTakeFirstOrThrow()
        ).mailed_at,
    );
    expect(ctx.smtp.mails.slice(sent).filter((m) => m.to.includes('deleted'))).toEqual([]);
  });

  it("a visitor's sales inquiry is a ticket; a reply mails the visitor the text in the form's language", async () => {
    await setSystemSetting({ db: ctx.db, key: 'support_email', value: 'help@acme.test', updatedBy: null });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact-sales',
      remoteAddress: '203.0.113.50',
      payload: {
        name: 'Marie Curie',
        email: 'marie@example.com',
        company: 'Institut',
        message: 'Bonjour, une question sur les frais.',
        language: 'fr',
      },
    });
    expect(sent.statusCode).toBe(200);
    await ctx.smtp.waitForMail('help@acme.test', { subject: /Sales inquiry from Marie Curie/ });
    const list = await data('GET', '/admin/support/tickets', 'root');
    const ticket = list.tickets.find(
      (t: { title: string }) => t.title === 'Sales inquiry from Marie Curie, Institut',
    );
    expect(ticket).toMatchObject({
      category: 'sales',
      userId: null,
      customerName: 'Marie Curie',
      customerEmail: 'marie@example.com',
      messageCount: 1,
      status: 'open',
    });

    await data('POST', `/admin/support/tickets/${ticket.id}/messages`, 'root', {
      body: 'Bonjour Marie,\nLes frais sont de 1 %.',
    });
    const mail = await ctx.smtp.waitForMail('marie@example.com');
    expect(mail.subject).toBe('Coinlane Ventes : une réponse à votre message');
    expect(mail.parsed.replyTo?.text).toBe('help@acme.test');
    expect(mail.text).toContain('> Bonjour Marie,\n> Les frais sont de 1 %.');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('a notice is mailed once, even when its job runs again', async () => {
    const { messages } = await data('POST', '/support/tickets', 'bob', {
      title: 'Once',
      category: 'general',
      message: 'Only one mail, please.',
    });
    const messageId = messages[0].id as string;
    await ctx.smtp.waitForMail('help@acme.test', { subject: /Once/ });
    await waitFor(
      'mailed_at',
      async () =>
        (
          await ctx.db
            .selectFrom('support_ticket_messages')
            .select('mailed_at')
            .where('id', '=', messageId)
            .executeTakeFirstOrThrow()
        ).mailed_at,
    );
    const count = ctx.smtp.mails.length;
    await ticketMessageMailJob.handler(
      { messageId },
      {
        db: ctx.db,
        config: ctx.config,
        log: pino({ level: 'silent' }),
        job: { id: 'again', name: ticketMessageMailJob.name, attempts: 2, maxAttempts: 8 },
      },
    );
    expect(ctx.smtp.mails.length).toBe(count);
  });

  it(`takes at most ${SUPPORT_LIMITS.messagesPerHour} messages per merchant and hour`, async () => {
    const dave = await createUser({ db: ctx.db, name: 'Dave Busy' });
    cookies.dave = await signIn({ app: ctx.app, userId: dave.id });
    const { ticket } = await data('POST', '/support/tickets', 'dave', {
      title: 'Many questions',
      category: 'general',
      message: 'Question 1',
    });
    for (let i = 2; i <= SUPPORT_LIMITS.messagesPerHour; i++) {
      await data('POST', `/support/tickets/${ticket.id}/messages`, 'dave', { body: `Question ${i}` });
    }
    for (const res of [
      await call('POST', `/support/tickets/${ticket.id}/messages`, 'dave', { body: 'One too many' }),
      await call('POST', '/support/tickets', 'dave', { title: 'Another', category: 'general', message: 'x' }),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({
        code: 'RATE_LIMITED',
        message: T.ticketTooManyMessages(SUPPORT_LIMITS.messagesPerHour),
      });
    }
    // Other merchants are not held back.
    expect(
      (await call('POST', `/support/tickets/${ticket.id}/messages`, 'bob', { body: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/support/tickets', 'bob', { title: 'Fine', category: 'general', message: 'x' }))
        .statusCode,
    ).toBe(200);
  });
});
