import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
let bobCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createUser({ db: ctx.db, email: 'alice@example.com', name: 'Alice Original' });
  bob = await createUser({ db: ctx.db, email: 'bob@example.com', name: 'Bob Builder' });
  aliceCookie = await signIn({ app: ctx.app, userId: alice.id });
  bobCookie = await signIn({ app: ctx.app, userId: bob.id });
});
afterAll(() => ctx.close());

const getProfile = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/merchant/profile', headers: cookie ? { cookie } : {} });
const putProfile = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/merchant/profile',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

const fullForm = {
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Liddell',
  businessName: 'Wonderland Tea Ltd',
  website: 'https://wonderland.example',
  phone: '+44 20 7946 0958',
  businessType: 'e-commerce',
  description: 'Tea parties, every day.',
  address: '1 Rabbit Hole',
  city: 'Oxford',
  country: 'GB',
  postalCode: 'OX1 1AA',
};

describe('sign-in is required', () => {
  it('answers 401 without a session, with a bogus cookie, and before looking at the body', async () => {
    expect((await getProfile()).statusCode).toBe(401);
    const bogus = await getProfile('cl_session=not-a-real-token');
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toEqual({
      success: false,
      data: null,
      error: { message: T.authRequired, code: 'UNAUTHORIZED' },
    });
    const put = await putProfile(undefined, { website: 'nope' });
    expect(put.statusCode).toBe(401);
  });
});

describe('GET /merchant/profile', () => {
  it('returns the caller’s own profile', async () => {
    const res = await getProfile(aliceCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.data).toMatchObject({
      id: alice.id,
      email: 'alice@example.com',
      name: 'Alice Original',
      firstName: null,
      businessName: null,
      avatarUrl: null,
      isAdmin: false,
      status: 'active',
      kycStatus: 'pending',
    });
    expect(new Date(body.data.createdAt).toString()).not.toBe('Invalid Date');
  });
});

describe('PUT /merchant/profile', () => {
  it('saves every field, recomputes the name and records an audit row', async () => {
    const res = await putProfile(aliceCookie, fullForm);
    expect(res.statusCode).toBe(200);
    const { email: _email, ...fields } = fullForm;
    expect(res.json().data).toMatchObject({ ...fields, name: 'Alice Liddell', email: 'alice@example.com' });
    expect((await getProfile(aliceCookie)).json().data).toMatchObject({ ...fields, name: 'Alice Liddell' });

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'profile.updated')
      .where('entity_id', '=', alice.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: alice.id, actor_type: 'user', entity_type: 'user_profile' });
    expect(audit[0]!.before).toMatchObject({ name: 'Alice Original', businessName: null });
    expect(audit[0]!.after).toMatchObject({ name: 'Alice Liddell', businessName: 'Wonderland Tea Ltd' });
  });

  it('stores empty and absent optional fields as null, trims text, and keeps the name without first/last', async () => {
    const res = await putProfile(aliceCookie, {
      firstName: '',
      lastName: '   ',
      businessName: '  Trimmed Co  ',
      website: '',
      phone: '',
      businessType: '',
      country: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: null,
      lastName: null,
      name: 'Alice Liddell',
      businessName: 'Trimmed Co',
      website: null,
      phone: null,
      businessType: null,
      country: null,
      description: null,
      address: null,
      city: null,
      postalCode: null,
    });
  });

  it('builds the name from a first name alone', async () => {
    const res = await putProfile(aliceCookie, { firstName: 'Ally' });
    expect(res.json().data).toMatchObject({ firstName: 'Ally', lastName: null, name: 'Ally' });
  });

  it('accepts the account’s own e-mail in any case, and refuses another one', async () => {
    expect((await putProfile(aliceCookie, { ...fullForm, email: ' ALICE@Example.com ' })).statusCode).toBe(
      200,
    );
    const before = (await getProfile(aliceCookie)).json().data;
    const res = await putProfile(aliceCookie, { ...fullForm, email: 'mallory@example.com', city: 'Paris' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: { message: T.emailReadOnly, code: 'VALIDATION_ERROR' },
    });
    expect((await getProfile(aliceCookie)).json().data).toEqual(before);
    const account = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', alice.id)
      .executeTakeFirst();
    expect(account?.email).toBe('alice@example.com');
  });

  it.each([
    ['a website that is not a URL', { website: 'wonderland' }, 'website', T.invalidUrl],
    ['a javascript: website', { website: 'javascript:alert(1)' }, 'website', T.invalidUrl],
    ['an ftp website', { website: 'ftp://files.example' }, 'website', T.invalidUrl],
    ['a phone with letters', { phone: 'call me maybe' }, 'phone', T.phoneInvalid],
    ['a phone without enough digits', { phone: '+--()' }, 'phone', T.phoneInvalid],
    ['an unknown business type', { businessType: 'bank' }, 'businessType', undefined],
    ['an unknown country', { country: 'XX' }, 'country', undefined],
    ['a first name that is too long', { firstName: 'x'.repeat(81) }, 'firstName', undefined],
    ['a description that is too long', { description: 'x'.repeat(2001) }, 'description', undefined],
    ['a number where text belongs', { city: 42 }, 'city', undefined],
    ['an unknown field', { isAdmin: true }, undefined, undefined],
    ['an attempt to set another id', { id: 'usr_someone_else' }, undefined, undefined],
    [
      'an attempt to set the avatar directly',
      { avatarUrl: 'https://evil.example/x.png' },
      undefined,
      undefined,
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, patch, field, message) => {
    const before = (await getProfile(aliceCookie)).json().data;
    const res = await putProfile(aliceCookie, { ...fullForm, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_ERROR' } });
    if (field) expect(Object.keys(body.error.fields)).toContain(field);
    if (message) expect(body.error.message).toBe(message);
    expect((await getProfile(aliceCookie)).json().data).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [[1, 2], 'text']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/merchant/profile',
        headers: { cookie: aliceCookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
    }
    const broken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/profile',
      headers: { cookie: aliceCookie, 'content-type': 'application/json' },
      payload: '{"city":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
  });
});

describe('one merchant never sees or changes another’s profile', () => {
  it('keeps each caller on their own row', async () => {
    await putProfile(bobCookie, { businessName: 'Bob Builds', email: 'bob@example.com' });
    const a = (await getProfile(aliceCookie)).json().data;
    const b = (await getProfile(bobCookie)).json().data;
    expect(a.id).toBe(alice.id);
    expect(b).toMatchObject({ id: bob.id, email: 'bob@example.com', businessName: 'Bob Builds' });
    expect(JSON.stringify(a)).not.toContain('Bob');

    // Alice cannot aim her update at Bob: the body has no id, query strings are ignored.
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/merchant/profile?id=${bob.id}&userId=${bob.id}`,
      headers: { cookie: aliceCookie },
      payload: { ...fullForm, businessName: 'Hijacked' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(alice.id);
    expect((await getProfile(bobCookie)).json().data.businessName).toBe('Bob Builds');
  });

  it('refuses Bob’s e-mail on Alice’s profile', async () => {
    const res = await putProfile(aliceCookie, { ...fullForm, email: 'bob@example.com' });
    expect(res.statusCode).toBe(400);
  });
});

describe('API keys', () => {
  it('are refused on the profile, settings and avatar routes, whatever their permissions', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: aliceCookie },
      payload: { name: 'server', permissions: ['read', 'write', 'webhook'] },
    });
    expect(created.statusCode).toBe(200);
    const authorization = `Bearer ${created.json().data.key}`;
    const calls = [
      { method: 'GET', url: '/api/v1/merchant/profile' },
      { method: 'PUT', url: '/api/v1/merchant/profile', payload: { firstName: 'Key' } },
      { method: 'GET', url: '/api/v1/settings' },
      { method: 'PUT', url: '/api/v1/settings', payload: { theme: 'light' } },
      { method: 'DELETE', url: '/api/v1/merchant/avatar' },
    ] as const;
    for (const c of calls) {
      const res = await ctx.app.inject({ ...c, headers: { authorization } });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await getProfile(aliceCookie)).json().data.firstName).not.toBe('Key');
  });
});

describe('a suspended account', () => {
  it('loses access at once', async () => {
    const carol = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: carol.id });
    expect((await getProfile(cookie)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', carol.id).execute();
    expect((await getProfile(cookie)).statusCode).toBe(401);
  });
});
