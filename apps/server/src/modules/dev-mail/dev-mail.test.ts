import { DEV_MAIL_LIST_LIMIT } from '@coinlane/core/api/dev-mail';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

describe('with the outbox off (the default outside development)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has no /dev routes, and mail goes out by SMTP', async () => {
    expect(ctx.config.devMailOutbox).toBe(false);
    expect(ctx.app.mailer.kind).toBe('smtp');
    await ctx.app.mailer.send({ to: 'eve@example.com', subject: 'Real mail', html: '<p>hi</p>', text: 'hi' });
    await ctx.smtp.waitForMail('eve@example.com', { subject: /Real mail/ });
    for (const url of ['/api/v1/dev/mail', '/api/v1/dev/mail/mail_x']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const stored = await ctx.db.selectFrom('dev_mail').select('id').execute();
    expect(stored).toEqual([]);
  });
});

describe('with the outbox on and no SMTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ smtpUrl: undefined, devMailOutbox: true });
  });
  afterAll(() => ctx.close());

  it('keeps mail in the outbox instead of sending it', async () => {
    expect(ctx.app.mailer.kind).toBe('outbox');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [], error: null });
  });

  it('lists the newest mails first, without bodies, and shows one in full', async () => {
    await ctx.app.mailer.send({
      to: 'ann@example.com',
      subject: 'Your code 123456',
      html: '<p>Code <b>123456</b></p>',
      text: 'Code 123456',
      replyTo: 'ann.sender@example.com',
    });
    await ctx.app.mailer.send({ to: 'ben@example.com', subject: 'Welcome', html: '<p>Hi</p>', text: 'Hi' });
    expect(ctx.smtp.mails).toEqual([]);

    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mail' })).json().data;
    expect(list.map((m: { to: string; subject: string }) => [m.to, m.subject])).toEqual([
      ['ben@example.com', 'Welcome'],
      ['ann@example.com', 'Your code 123456'],
    ]);
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'id', 'subject', 'to']);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/dev/mail/${list[1].id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({
      id: list[1].id,
      to: 'ann@example.com',
      subject: 'Your code 123456',
      html: '<p>Code <b>123456</b></p>',
      text: 'Code 123456',
      replyTo: 'ann.sender@example.com',
      createdAt: list[1].createdAt,
    });
  });

  it('answers 404 for an unknown mail', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mail/mail_nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: T.mailNotFound });
  });

  it(`lists at most ${DEV_MAIL_LIST_LIMIT}`, async () => {
    for (let i = 0; i < DEV_MAIL_LIST_LIMIT + 5; i++) {
      await ctx.app.mailer.send({ to: `n${i}@example.com`, subject: `Mail ${i}`, html: '', text: '' });
    }
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mail' })).json().data;
    expect(list).toHaveLength(DEV_MAIL_LIST_LIMIT);
  });
});
