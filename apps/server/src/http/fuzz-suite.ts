import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayout } from '#app/modules/payouts/record-payout.ts';
import { createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn, TEST_PASSWORD } from '#app/test/fixtures.ts';
import { insertPayoutWallet } from '#app/test/payout-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Property-based fuzzing of the whole HTTP API, walked from its own OpenAPI document: every operation gets
// generated bad input (wrong types, missing and extra fields, huge, empty, NUL and lone-surrogate strings,
// odd numbers, unknown and malformed ids, wrong content types, invalid JSON, bodies over the 1 MiB limit) in
// its body, query string and path, from four callers: anonymous, a merchant session, an API key (read, write,
// webhook) and a super_admin session, all without an Origin header (a non-browser client). It fails on any
// 5xx (or a request that gets no reply), and on any change to the data of a "victim" merchant that no fuzzing
// caller is, compared table by table before and after each operation.
//
// Each operation and caller is one fast-check property: first the systematic cases derived from the operation's
// parameters and body (examplesFor: every field, query and path parameter set in turn to the values that break
// things most often, the rest of the request valid), then RUNS random requests (requests: a valid-looking body
// mutated, generic garbage, other content types, random path and query values). About 6,000 requests, ~20 s.
//
// Reproducing: the generators run under a fixed seed (FUZZ_SEED mixed with the operation and caller), so a
// run sends the same requests every time (up to the ids the setup draws and the current date); each failure
// prints its request, seed and run index. To replay one operation alone:
//   FUZZ_ONLY='PUT /payment-links/{id}' npx vitest run --project server fuzz
// FUZZ_TIMINGS=1 prints each operation's time and replies by caller and status.
//
// Callers that the fuzzing could disable are handled, not skipped (no operation is excluded):
// - The merchant and admin sessions are signed in afresh before every operation, and again after every request
//   to sign-out, mode switch and password change (which end or change the session).
// - The API key belongs to a merchant of its own ("key owner") whose session is never fuzzed: the key routes
//   are session-only, so nothing fuzzed can rename, rotate or delete the key in use. The merchant session owns
//   other keys (free to rotate and delete) and the fuzzing checks before each operation that the key still works.
// - System settings and exchange rates (global, admin-only) are restored after the admin routes that change
//   them, so that e.g. a tiny session timeout or a removed rate cannot skew the operations after them.
// - Admin routes that act on accounts (approve, suspend, bulk) get, from the admin caller, only unknown and
//   malformed ids and the admin's own id (suspending oneself is refused): an admin may legitimately suspend
//   the victim, so the victim's id is never given to the admin there, and the victim comparison stays strict
//   for every operation and caller. The other callers do get the victim's id there (they must be refused).
// - The public checkout routes that pay a link (POST /checkout/{linkId} and its test-mode simulation) never get
//   the victim's link: anyone holding a payment link may pay it, which changes the victim's payments by design.
// - Support tickets: the admin caller gets only the fuzzing merchants' tickets (staff may answer or close any
//   ticket, the victim's too, by design); the merchant and key callers get the victim's too (they must get 404).
// - Force Logout All Users (POST /admin/maintenance/force-logout) ends every session, the victim's included, by
//   design: that change alone (sessions' revoked_at set) is allowed there (BY_DESIGN); the callers sign in again.

/** Fixed: the same requests on every run. */
const FUZZ_SEED = 20_240_611;
/** Random requests per operation and caller (after its systematic cases). */
const RUNS = 16;
/** Fewer on the routes that hash or check a password (argon2id takes ~50 ms a request). */
const FEWER_RUNS: Record<string, number> = {
  'POST /auth/login': 6,
  'POST /auth/register': 6,
  'POST /auth/password': 6,
};
/** A request with no reply after this long is a failure (a hang), not a wait for the suite's timeout. */
const REQUEST_TIMEOUT_MS = 10_000;
const BODY_LIMIT = 1024 * 1024;
const ONLY = process.env.FUZZ_ONLY;

/** Changes to the victim an operation makes to every account by design (decision 016), as lines of rowsDiff. */
const BY_DESIGN: Record<string, (diffLine: string) => boolean> = {
  'POST /admin/maintenance/force-logout': (line) => /^sessions \S+ revoked_at: null -> "/.test(line),
};

/** Operations left out on purpose, with the reason. None: the destructive ones are handled (see above). */
const EXCLUDED: Record<string, string> = {};

// m/84'/1'/0' addresses of the public "abandon ... about" mnemonic on Litecoin regtest (see wallets.test.ts).
const RLTC = [
  'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
  'rltc1qd7spv5q28348xl4myc8zmh983w5jx32cwn4h9f',
  'rltc1qxdyjf6h5d6qxap4n2dap97q4j5ps6ua8vmutcu',
  'rltc1qynpgs6wap6h9uvy7j0xlesew2w82qn03mxcskv',
];
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

// ---------------------------------------------------------------------------------------------------------
// The OpenAPI document, as far as the fuzzing reads it.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  example?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: Schema };
type DocOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  description?: string;
  security?: Array<Record<string, unknown>>;
};
type Operation = {
  /** `METHOD /path/{param}`, the path as in the document (under /api/v1). */
  key: string;
  method: string;
  path: string;
  params: Parameter[];
  body: Schema | undefined;
  multipart: boolean;
  /** The security schemes the document lists (apiKey, sessionCookie); none for a public operation. */
  security: string[];
};

// ---------------------------------------------------------------------------------------------------------
// The world: a victim merchant, the fuzzing callers and what they own.

type CallerName = 'anonymous' | 'apiKey' | 'device' | 'merchant' | 'admin';
type Caller = { name: CallerName; headers: () => Record<string, string> };
type Owned = {
  userId: string;
  email: string;
  linkId: string;
  paymentId: string;
  keyId: string;
  walletId: string;
  /** A whitelisted USDT address wallet (inserted directly: no e-mail round trip) and a payout rule paying it. */
  payoutWalletId: string;
  ruleId: string;
  eventId: string;
  ticketId: string;
  /** A paired point-of-sale device (decision 026) and a sale it rang up. */
  deviceId: string;
  deviceCredential: string;
  saleId: string;
};

let ctx: TestContext;
let ops: Operation[];
let victim: Owned;
let merchant: Owned;
let keyOwner: Owned;
let admin: { userId: string; email: string };
let merchantCookie = '';
let adminCookie = '';
let apiKey = { id: '', key: '' };
/** The key owner's point-of-sale device: the key owner's session is never fuzzed, so nothing revokes it. */
const device = () => keyOwner.deviceCredential;
let globalRows: Awaited<ReturnType<typeof globalState>>;

const callers: Caller[] = [
  { name: 'anonymous', headers: () => ({}) },
  { name: 'apiKey', headers: () => ({ authorization: `Bearer ${apiKey.key}` }) },
  { name: 'device', headers: () => ({ authorization: `Bearer ${device()}` }) },
  { name: 'merchant', headers: () => ({ cookie: merchantCookie }) },
  { name: 'admin', headers: () => ({ cookie: adminCookie }) },
];

/** Tables holding a merchant's data, and the column naming the merchant. */
const MERCHANT_TABLES: Array<[table: string, column: string]> = [
  ['users', 'id'],
  ['user_profiles', 'id'],
  ['user_settings', 'user_id'],
  ['sessions', 'user_id'],
  ['api_keys', 'user_id'],
  ['payment_links', 'user_id'],
  ['payments', 'user_id'],
  ['transfers', 'user_id'],
  ['platform_fees', 'user_id'],
  ['outbox_events', 'user_id'],
  ['webhook_endpoints', 'user_id'],
  ['webhook_deliveries', 'user_id'],
  ['wallets', 'user_id'],
  ['payout_rules', 'user_id'],
  ['payouts', 'user_id'],
  ['support_tickets', 'user_id'],
  ['support_ticket_messages', 'author_id'],
  ['pos_devices', 'user_id'],
  ['pos_sales', 'user_id'],
  // Anything done as the victim leaves its id as the actor.
  ['audit_log', 'actor_id'],
];
// Not compared: login_challenges, email_tokens and login_attempts, which public sign-in and password-reset
// requests create for any e-mail address by design (the fuzzing never uses the victim's address anyway).

const victimIds = () => Object.values(victim);

/** The victim's rows, table by table, in a stable order. */
async function victimRows(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [table, column] of MERCHANT_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(
      column,
    )} = ${victim.userId}`.execute(ctx.db);
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const idem = await sql<
    Record<string, unknown>
  >`select * from idempotency_keys where owner like ${`${victim.userId}:%`}`.execute(ctx.db);
  out.idempotency_keys = idem.rows.map((r) => JSON.stringify(r)).sort();
  return out;
}

/** The victim's rows that differ, column by column for a row that changed. */
function rowsDiff(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of Object.keys(after)) {
    const byId = (rows: string[] = []) =>
      new Map(
        rows.map((r) => {
          const row = JSON.parse(r) as Record<string, unknown>;
          return [String(row.id ?? row.user_id ?? r), row] as const;
        }),
      );
    const was = byId(before[table]);
    const is = byId(after[table]);
    for (const [id, row] of is) {
      const old = was.get(id);
      if (!old) out.push(`${table} ${id} added: ${JSON.stringify(row).slice(0, 300)}`);
      else {
        for (const column of Object.keys(row)) {
          const [a, b] = [JSON.stringify(old[column]), JSON.stringify(row[column])];
          if (a !== b) out.push(`${table} ${id} ${column}: ${a?.slice(0, 100)} -> ${b?.slice(0, 100)}`);
        }
      }
    }
    for (const id of was.keys()) if (!is.has(id)) out.push(`${table} ${id} deleted`);
  }
  return out;
}

async function globalState() {
  return {
    settings: await ctx.db.selectFrom('system_settings').selectAll().execute(),
    rates: await ctx.db.selectFrom('exchange_rates').selectAll().execute(),
  };
}

/** Puts back the system settings and exchange rates of the start (the admin routes change them). */
async function restoreGlobalState() {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('system_settings').execute();
    await trx.deleteFrom('exchange_rates').execute();
    const { settings, rates } = globalRows;
    if (settings.length) await trx.insertInto('system_settings').values(settings).execute();
    if (rates.length) await trx.insertInto('exchange_rates').values(rates).execute();
  });
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
}

function must(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 300) throw new Error(`setup: ${what} failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A merchant with a profile, settings, an API key, a payment link, a test payment, a webhook and a wallet. */
async function merchantWithData(name: string, n: number): Promise<Owned> {
  const user = await createUser({ db: ctx.db, name });
  const cookie = await signIn({ app: ctx.app, userId: user.id });
  must(
    await call('PUT', '/merchant/profile', cookie, {
      firstName: name,
      businessName: `${name} Ltd`,
      website: 'https://shop.example.com',
      country: 'FR',
    }),
    'profile',
  );
  must(await call('PUT', '/settings', cookie, { theme: 'dark', defaultCurrency: 'ETH' }), 'settings');
  const key = await createKeyFor({ app: ctx.app, userId: user.id, name: `${name} key` });
  const link = must(
    await call('POST', '/payment-links', cookie, {
      amount: '0.001',
      currency: 'BTC',
      description: `${name} link`,
      metadata: { order: String(n) },
    }),
    'payment link',
  );
  const payment = must(
    await call('POST', '/payments', cookie, {
      amount: '0.002',
      currency: 'BTC',
      customerEmail: 'buyer@example.com',
      metadata: { order: String(n) },
    }),
    'payment',
  );
  must(
    await call('PUT', '/webhooks/config', cookie, {
      url: `http://127.0.0.1:9/${name}`,
      events: ['payment.confirmed', 'payment.created'],
    }),
    'webhook config',
  );
  // Port 9 refuses at once: the test event is stored as a failed delivery.
  must(await call('POST', '/webhooks/config/test', cookie), 'webhook test');
  const event = await ctx.db
    .selectFrom('webhook_deliveries')
    .select('event_id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const wallet = must(
    await call('POST', '/wallets', cookie, { currency: 'LTC', network: 'litecoin', address: RLTC[n] }),
    'wallet',
  );
  const payoutWallet = await insertPayoutWallet({
    db: ctx.db,
    secretKey: ctx.config.appSecretKey,
    userId: user.id,
    currency: 'USDT',
    network: 'ethereum',
  });
  must(await call('PUT', '/payouts/settings', cookie, { autoConversionEnabled: true }), 'payout settings');
  const rule = must(
    await call('POST', '/payouts/rules', cookie, {
      fromCurrency: 'LTC',
      toCurrency: 'USDT',
      walletId: payoutWallet.id,
      minAmount: '0.5',
    }),
    'payout rule',
  );
  // one history entry, so that the history and summary have the victim's data to keep to itself
  await openPayout(ctx.db, {
    userId: user.id,
    paymentId: null,
    ruleId: rule.id,
    kind: 'shift',
    network: 'litecoin',
    originalAmount: '1.5',
    originalCurrency: 'LTC',
    payoutCurrency: 'USDT',
    walletAddress: payoutWallet.address,
  });
  const pos = must(
    await call('POST', '/pos/devices', cookie, { name: `${name} till`, fiatCurrency: 'EUR' }),
    'point-of-sale device',
  );
  const paired = must(await call('POST', '/pos/pair', '', { code: pos.pairing.code }), 'pairing');
  const saleRes = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pos/sales',
    headers: { authorization: `Bearer ${paired.credential}` },
    payload: { fiatAmount: '12.50', currency: 'BTC' },
  });
  if (saleRes.statusCode !== 201) throw new Error(`setup: sale ${saleRes.statusCode} ${saleRes.body}`);
  const ticket = must(
    await call('POST', '/support/tickets', cookie, {
      title: `${name} question`,
      category: 'general',
      message: 'How do refunds work?',
    }),
    'support ticket',
  );
  return {
    userId: user.id,
    email: user.email,
    ticketId: ticket.ticket.id,
    linkId: link.id,
    paymentId: payment.id,
    keyId: key.id,
    walletId: wallet.wallet.id,
    payoutWalletId: payoutWallet.id,
    ruleId: rule.id,
    eventId: event.event_id,
    deviceId: pos.device.id,
    deviceCredential: paired.credential,
    saleId: saleRes.json().data.id,
  };
}

/** Fresh sessions for the merchant and admin callers; checks that the API key and the accounts still work. */
async function refreshCallers(after: string) {
  merchantCookie = await signIn({ app: ctx.app, userId: merchant.userId });
  adminCookie = await signIn({ app: ctx.app, userId: admin.userId });
  const key = await ctx.db
    .selectFrom('api_keys')
    .select(['revoked_at', 'permissions'])
    .where('id', '=', apiKey.id)
    .executeTakeFirstOrThrow();
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', 'in', [merchant.userId, admin.userId, keyOwner.userId])
    .execute();
  const pos = await ctx.db
    .selectFrom('pos_devices')
    .select(['revoked_at'])
    .where('id', '=', keyOwner.deviceId)
    .executeTakeFirstOrThrow();
  if (
    key.revoked_at ||
    key.permissions.length !== 3 ||
    users.some((u) => u.status !== 'active') ||
    pos.revoked_at
  ) {
    throw new Error(
      `the fuzzing callers were disabled after ${after}: ${JSON.stringify({ key, users, pos })}`,
    );
  }
}

/** Opens the suite's app and callers; see fuzzShard. */
function setUpSuite() {
  beforeAll(async () => {
    ctx = await createTestContext({
      // Webhook URLs are not resolved or checked for private addresses: no DNS in the suite, and the test
      // events go to 127.0.0.1:9, which refuses at once.
      allowPrivateWebhooks: true,
      // A Litecoin regtest chain (no node is contacted) so that wallets can be added.
      configuredChains: [
        { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
      ],
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, DocOperation>> };
    ops = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const json = op.requestBody?.content?.['application/json']?.schema;
        ops.push({
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          params: op.parameters ?? [],
          body: json,
          multipart: /multipart\/form-data/.test(op.description ?? ''),
          security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        });
      }
    }

    victim = await merchantWithData('Victim', 0);
    merchant = await merchantWithData('Merchant', 1);
    keyOwner = await merchantWithData('KeyOwner', 2);
    const key = await createKeyFor({ app: ctx.app, userId: keyOwner.userId, name: 'Fuzzing key' });
    apiKey = { id: key.id, key: key.key };
    const adminUser = await createUser({ db: ctx.db, name: 'Fuzz Admin', adminRole: 'super_admin' });
    admin = { userId: adminUser.id, email: adminUser.email };
    globalRows = await globalState();
    await refreshCallers('setup');
  });
  afterAll(() => ctx?.close());
}

// ---------------------------------------------------------------------------------------------------------
// Generators.

const HUGE = 'x'.repeat(100_000);
const OVERSIZE = `{"name":"${'x'.repeat(BODY_LIMIT + 16)}"}`;
const AVATAR_OVERSIZE = Buffer.alloc(5 * 1024 * 1024 + 100, 0x41);
let deepValue: unknown = 'bottom';
for (let i = 0; i < 3000; i++) deepValue = i % 2 ? [deepValue] : { a: deepValue };

// Bad strings by kind, each kind as likely as the others: text the database cannot store (lone UTF-16
// surrogates, NUL), sizes (empty, 100k characters), numbers as strings, odd text, and random code points.
const UNSTORABLE = ['\ud800x', 'x\udc00', '\ud800', 'a\u0000b', '\u0000', '😀\ud800'];
const SIZES = ['', ' ', HUGE, 'x'.repeat(101), 'x'.repeat(5000), '\u00e9'.repeat(70_000)];
const NUMBERS = [
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1e-400',
  '9'.repeat(400),
  ' 1 ',
];
const ODD = [
  '１２',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '\u202e',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\r\nX-Injected: 1',
  'https://example.com',
  'javascript:alert(1)',
];
const badStrings: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...UNSTORABLE),
  fc.constantFrom(...SIZES),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...ODD),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Values of the wrong type for most fields. */
const wrongTypes: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  -1,
  0,
  1,
  1e308,
  -1e308,
  0.1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 31),
  2 ** 64,
  null,
  true,
  false,
  [],
  {},
  [null],
  [[[]]],
  { a: null },
  ['\ud800x'],
  { '\ud800': 1 },
  { 'a\u0000': 1 },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  deepValue,
);

const badValues: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badStrings },
  { weight: 2, arbitrary: wrongTypes },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const EXTRA_KEYS = [
  'extra',
  'id',
  'userId',
  'user_id',
  'merchantId',
  'isAdmin',
  'status',
  'mode',
  '__proto__',
  'constructor',
  '',
  '\ud800',
  'a\u0000b',
  'x'.repeat(200),
];

/** A value the schema accepts, as a starting point for mutations. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches) return sample(branches.find((b) => b.type !== 'null') ?? branches[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items));
    case 'string': {
      if (typeof schema.default === 'string') return schema.default;
      if (typeof schema.example === 'string' && !schema.example.endsWith('...')) return schema.example;
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'email') return 'buyer@example.com';
      const fits = (v: string) =>
        v.length >= (schema.minLength ?? 0) &&
        v.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (!schema.pattern || new RegExp(schema.pattern).test(v));
      return ['fuzz', 'BTC', '123456', 'fuzzfuzzfuzz'].find(fits) ?? 'fuzz';
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return typeof schema.default === 'string' ? schema.default : 'fuzz';
  }
}

/** Valid-looking bodies where the document has no body schema, or where a sample would not get far. */
const SEEDS: Record<string, (caller: Caller) => unknown> = {
  'POST /auth/register': () => ({
    name: 'Fuzz Person',
    email: 'fuzz-signup@example.com',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  }),
  'POST /auth/login': () => ({ email: merchant.email, password: TEST_PASSWORD }),
  'POST /auth/password-reset': () => ({ email: merchant.email }),
  'POST /auth/password-reset/confirm': () => ({
    token: 'x'.repeat(43),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  }),
  'POST /auth/password': () => ({
    currentPassword: TEST_PASSWORD,
    newPassword: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  }),
  'PUT /merchant/profile': () => ({
    firstName: 'Fuzz',
    lastName: 'Caller',
    businessName: 'Fuzz Ltd',
    website: 'https://fuzz.example.com',
    phone: '+33 1 23 45 67 89',
    businessType: 'saas',
    description: 'Fuzzing',
    address: '1 rue de la Paix',
    city: 'Paris',
    country: 'FR',
    postalCode: '75001',
  }),
  'POST /admin/users/bulk': (c) => ({
    ids: c.name === 'admin' ? ['usr_unknownunknownunknown22', admin.userId] : [victim.userId],
    action: 'suspend',
  }),
  'PUT /admin/settings': () => ({
    general: { platform_name: 'Fuzzlane', maintenance_mode: false },
    security: { session_timeout: 60, password_min_length: 8 },
    api: { rate_limit_per_minute: 1000 },
  }),
  'PUT /admin/rates/{symbol}': () => ({ usdPrice: '95000' }),
  'POST /api-keys': () => ({ name: 'Fuzz key', permissions: ['read', 'write'] }),
  'PUT /api-keys/{id}': () => ({ name: 'Renamed', permissions: ['read'] }),
  'POST /payment-links': () => ({
    amount: '0.001',
    currency: 'BTC',
    description: 'Fuzz link',
    metadata: { order: '42' },
  }),
  'PUT /payment-links/{id}': () => ({ description: 'Edited', metadata: { order: '43' }, status: 'active' }),
  'POST /payments': () => ({
    amount: '0.001',
    currency: 'BTC',
    description: 'Fuzz',
    customerEmail: 'buyer@example.com',
    metadata: { order: '42' },
  }),
  'POST /checkout/{linkId}/simulate': () => ({ amount: '0.001' }),
  'POST /payments/{id}/simulate': () => ({ amount: '0.001' }),
  'POST /pos/devices': () => ({ name: 'Fuzz till', fiatCurrency: 'EUR' }),
  'POST /pos/pair': () => ({ code: 'ABCD-EFGH' }),
  'POST /pos/sales': () => ({ fiatAmount: '12.50', currency: 'BTC', network: 'bitcoin' }),
  'POST /pos/sales/{id}/simulate': () => ({ kind: 'partial' }),
  'PUT /webhooks/config': () => ({ url: 'http://127.0.0.1:9/fuzz', events: ['payment.confirmed'] }),
  'POST /wallets': () => ({ currency: 'LTC', network: 'litecoin', address: RLTC[3], label: 'Fuzz' }),
  'PUT /payouts/settings': () => ({
    autoConversionEnabled: true,
    conversionCurrency: 'USDC',
    maxSlippageBps: 50,
  }),
  'POST /payouts/rules': (c) => ({
    fromCurrency: 'BTC',
    toCurrency: 'USDT',
    walletId: (c.name === 'apiKey' ? keyOwner : merchant).payoutWalletId,
    minAmount: '0.01',
  }),
  'PUT /payouts/rules/{id}': () => ({ enabled: false, minAmount: '0.5' }),
};

type Mutation =
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A field's value: a bad string, or a value of another type.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: badStrings }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: wrongTypes }) },
  // A field (required or not) left out.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  // An unknown field, in the body or in a nested object (metadata).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.constantFrom(...EXTRA_KEYS),
      value: badValues,
    }),
  },
);
/** Mostly one change, so that the rest of the body stays valid and the change reaches the code behind. */
const mutations = fc.oneof(
  { weight: 4, arbitrary: mutation.map((m) => [m]) },
  { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
);

type PathTo = Array<string | number>;
/** The fields and items of a body, down to 4 levels (a mutation may have put a 3000-level value in). */
function pathsIn(v: unknown, prefix: PathTo = [], out: PathTo[] = []): PathTo[] {
  if (prefix.length >= 4) return out;
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      out.push([...prefix, i]);
      pathsIn(x, [...prefix, i], out);
    });
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push([...prefix, k]);
      pathsIn(x, [...prefix, k], out);
    }
  }
  return out;
}
const at = (body: unknown, path: PathTo): unknown =>
  path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], body);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
/** The leaves of a body (where a value goes), and its objects, the body itself first (where a field goes). */
const leavesIn = (body: unknown) =>
  pathsIn(body).filter((p) => {
    const v = at(body, p);
    return v === null || typeof v !== 'object';
  });
const objectsIn = (body: unknown) => [[], ...pathsIn(body)].filter((p) => isObject(at(body, p)));

/** A copy: the generators hand out shared constants, which must stay as they are. */
const copy = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** Applies changes to a copy of a valid-looking body. */
function mutate(seed: unknown, muts: Mutation[]): unknown {
  let body: unknown = seed === undefined ? {} : copy(seed);
  for (const m of muts) {
    if (m.kind === 'extra') {
      const objects = objectsIn(body);
      if (objects.length === 0) {
        body = copy(m.value);
        continue;
      }
      const target = at(body, objects[m.at % objects.length]!) as Record<string, unknown>;
      // defineProperty: a "__proto__" key must be a field of its own, as JSON.parse would make it.
      Object.defineProperty(target, m.key, {
        value: copy(m.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    const paths = m.kind === 'set' ? leavesIn(body) : pathsIn(body);
    if (paths.length === 0) {
      body = m.kind === 'set' ? copy(m.value) : undefined;
      continue;
    }
    const path = paths[m.at % paths.length]!;
    const parent = at(body, path.slice(0, -1)) as Record<string | number, unknown>;
    const last = path[path.length - 1]!;
    if (m.kind === 'set') parent[last] = copy(m.value);
    else if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  }
  return body;
}

type Body = { kind: string; contentType?: string; payload?: string | Buffer };

function multipartBody(
  parts: Array<{ name: string; filename?: string; type?: string; data: string | Buffer }>,
  boundary = 'fuzzboundary',
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART = 'multipart/form-data; boundary=fuzzboundary';
const multipartBodies: fc.Arbitrary<Body> = fc.constantFrom<Body>(
  {
    kind: 'multipart avatar png',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: PNG }]),
  },
  {
    kind: 'multipart without boundary',
    contentType: 'multipart/form-data',
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: PNG }]),
  },
  {
    kind: 'multipart KYC document pdf',
    contentType: MULTIPART,
    payload: multipartBody([
      { name: 'document', filename: 'id.pdf', type: 'application/pdf', data: '%PDF-1.4 x' },
    ]),
  },
  { kind: 'multipart empty', contentType: MULTIPART, payload: '' },
  {
    kind: 'multipart truncated',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', data: PNG }], 'fuzzboundary', false),
  },
  {
    kind: 'multipart other boundary',
    contentType: 'multipart/form-data; boundary=other',
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', data: PNG }]),
  },
  {
    kind: 'multipart wrong field',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]),
  },
  {
    kind: 'multipart empty file',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: '' }]),
  },
  {
    kind: 'multipart text as png',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: '<svg/>' }]),
  },
  {
    kind: 'multipart bad filename',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', filename: '../../a\u0000.png', type: 'image/png', data: PNG }]),
  },
  {
    kind: 'multipart field only',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', data: 'not a file' }]),
  },
  {
    kind: 'multipart two files',
    contentType: MULTIPART,
    payload: multipartBody([
      { name: 'avatar', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'avatar', filename: 'b.png', type: 'image/png', data: PNG },
    ]),
  },
  {
    kind: 'multipart many fields',
    contentType: MULTIPART,
    payload: multipartBody(Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'v' }))),
  },
  {
    kind: 'multipart over 5 MB',
    contentType: MULTIPART,
    payload: multipartBody([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: AVATAR_OVERSIZE }]),
  },
);

const invalidJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"\\ud800"',
  '1e999999',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  'NaN',
  '',
  ' ',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
);

const wrongContentTypes: fc.Arbitrary<Body> = fc.constantFrom<Body>(
  { kind: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { kind: 'text/plain json', contentType: 'text/plain', payload: '{"name":"x"}' },
  { kind: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'name=x&amount=1' },
  { kind: 'xml', contentType: 'application/xml', payload: '<a>1</a>' },
  { kind: 'octet-stream', contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
  { kind: 'json utf-16', contentType: 'application/json; charset=utf-16', payload: '{"name":"x"}' },
  { kind: 'json no content type', payload: '{"name":"x"}' },
  { kind: 'odd content type', contentType: 'application/json;;;', payload: '{}' },
  { kind: 'garbage content type', contentType: '\u00ff/\u00ff', payload: '{}' },
  { kind: 'json empty', contentType: 'application/json', payload: '' },
);

const json = (kind: string, value: unknown): Body => ({
  kind,
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
});

/** The valid-looking body of an operation, for a caller (undefined: the operation takes no body). */
const seedOf = (op: Operation, caller: Caller): unknown => SEEDS[op.key]?.(caller) ?? sample(op.body);

function bodies(op: Operation, caller: Caller): fc.Arbitrary<Body> {
  const seed = seedOf(op, caller);
  const hasBody = seed !== undefined;
  const w = (withBody: number, without: number) => (hasBody ? withBody : without);
  return fc.oneof(
    { weight: w(1, 8), arbitrary: fc.constant<Body>({ kind: 'no body' }) },
    { weight: w(1, 0), arbitrary: fc.constant(json('seed', seed)) },
    { weight: w(8, 1), arbitrary: mutations.map((m) => json('mutated seed', mutate(seed, m))) },
    { weight: 2, arbitrary: badValues.map((v) => json('json garbage', v)) },
    {
      weight: 1,
      arbitrary: invalidJson.map<Body>((p) => ({
        kind: 'invalid json',
        contentType: 'application/json',
        payload: p,
      })),
    },
    { weight: 1, arbitrary: wrongContentTypes },
    { weight: op.multipart ? 8 : 1, arbitrary: multipartBodies },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        kind: 'over 1 MiB',
        contentType: 'application/json',
        payload: OVERSIZE,
      }),
    },
  );
}

/** URL-encodes a string, lone surrogates included (as the bytes of their UTF-8-like form, invalid UTF-8). */
function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) out += c < 0xdc00 ? '%ED%A0%80' : '%ED%B0%80';
    else out += encodeURIComponent(ch);
  }
  return out;
}
/** Malformed percent-escapes, sent as they are. */
const rawEscapes = fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '%C0%AF', '%E0%A4%A', '%2e%2e', '%2F');

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const idBody = fc.string({ unit: fc.constantFrom(...ID_ALPHABET), minLength: 26, maxLength: 26 });

/** Known ids for a path parameter: the fuzzing merchants', the victim's and (for some) others. */
function knownIds(op: Operation, param: string, caller: Caller): string[] {
  const fuzzers = [merchant, keyOwner];
  const owners = [...fuzzers, victim];
  if (param === 'symbol') return ['BTC', 'ETH', 'USDT', 'LTC', 'btc', 'ZZZ'];
  if (op.path.startsWith('/admin/users')) {
    return caller.name === 'admin' ? [admin.userId] : [victim.userId, merchant.userId, admin.userId];
  }
  if (op.path.startsWith('/checkout')) {
    // Paying a link is public by design: never the victim's on the routes that pay (see the top).
    return (op.method === 'POST' ? fuzzers : owners).map((o) => o.linkId);
  }
  if (op.path.startsWith('/api-keys')) return [...owners.map((o) => o.keyId), apiKey.id];
  if (op.path.startsWith('/payment-links')) return owners.map((o) => o.linkId);
  if (op.path.startsWith('/payments')) return owners.map((o) => o.paymentId);
  if (op.path.startsWith('/pos/devices')) return owners.map((o) => o.deviceId);
  if (op.path.startsWith('/pos/sales'))
    return [...owners.map((o) => o.saleId), ...owners.map((o) => o.paymentId)];
  if (op.path.startsWith('/webhooks/events')) return owners.map((o) => o.eventId);
  // Staff may answer or close any merchant's ticket by design: never the victim's from the admin (see the top).
  if (op.path.startsWith('/admin/support/tickets'))
    return (caller.name === 'admin' ? fuzzers : owners).map((o) => o.ticketId);
  if (op.path.startsWith('/support/tickets')) return owners.map((o) => o.ticketId);
  if (op.path.startsWith('/wallets')) return owners.flatMap((o) => [o.walletId, o.payoutWalletId]);
  if (op.path.startsWith('/payouts/rules')) return owners.map((o) => o.ruleId);
  return owners.map((o) => o.userId);
}

type PathValue = { value: string; raw: boolean };
function pathValues(op: Operation, param: string, caller: Caller): fc.Arbitrary<PathValue> {
  const known = knownIds(op, param, caller);
  const prefixes = [...new Set(known.map((id) => id.split('_')[0]!))];
  const enc = (value: string): PathValue => ({ value, raw: false });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known).map(enc) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...prefixes), idBody).map(([p, b]) => enc(`${p}_${b}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...known), fc.constantFrom('upper', 'suffix', 'space', 'prefix'))
        .map(([id, how]) =>
          enc(
            how === 'upper'
              ? id.toUpperCase()
              : how === 'suffix'
                ? `${id}x`
                : how === 'space'
                  ? ` ${id} `
                  : (id.split('_')[0] ?? id),
          ),
        ),
    },
    { weight: 3, arbitrary: badStrings.filter((s) => s !== '').map(enc) },
    { weight: 1, arbitrary: rawEscapes.map((value) => ({ value, raw: true })) },
  );
}

/** A bad value for a query parameter: a bad string, a malformed escape, or the parameter repeated. */
const badQueryValues: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 4, arbitrary: badStrings.map((s) => [encode(s)]) },
  { weight: 1, arbitrary: rawEscapes.map((s) => [s]) },
  { weight: 1, arbitrary: fc.array(badStrings.map(encode), { minLength: 2, maxLength: 3 }) },
);

const GENERIC_QUERY = ['limit', 'page', 'offset', 'search', 'mode', 'status', '__proto__', 'a[b]', ''];

type FuzzRequest = { url: string; headers: Record<string, string>; body: Body };

function buildRequest(
  op: Operation,
  parts: {
    path: PathValue[];
    /** Per declared query parameter, its values (none: left out). */
    query: string[][];
    extraQuery?: [string, string] | null;
    idempotencyKey?: string | null;
    body: Body;
  },
): FuzzRequest {
  let url = `/api/v1${op.path}`;
  op.params
    .filter((p) => p.in === 'path')
    .forEach((p, i) => {
      const v = parts.path[i]!;
      url = url.replace(`{${p.name}}`, v.raw ? v.value : encode(v.value));
    });
  const pairs: string[] = [];
  op.params
    .filter((p) => p.in === 'query')
    .forEach((p, i) => {
      for (const v of parts.query[i] ?? []) pairs.push(`${encodeURIComponent(p.name)}=${v}`);
    });
  if (parts.extraQuery) pairs.push(`${encodeURIComponent(parts.extraQuery[0])}=${parts.extraQuery[1]}`);
  if (pairs.length) url += `?${pairs.join('&')}`;
  const headers: Record<string, string> = {};
  if (parts.body.contentType !== undefined) headers['content-type'] = parts.body.contentType;
  if (parts.idempotencyKey != null) headers['idempotency-key'] = parts.idempotencyKey;
  return { url, headers, body: parts.body };
}

/** Random requests: path, query string, Idempotency-Key and body drawn together. */
function requests(op: Operation, caller: Caller): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const idempotent = op.params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => pathValues(op, p.name, caller))),
      // Each declared parameter omitted or valid-looking, then (mostly) one of them bad: a request with several
      // bad parameters would stop at the first and never reach the others.
      query: fc.tuple(
        ...queryParams.map((p) => fc.boolean().map((v) => (v ? [encode(String(sample(p.schema)))] : []))),
      ),
      badQuery: queryParams.length
        ? fc.option(fc.tuple(fc.nat({ max: queryParams.length - 1 }), badQueryValues), { freq: 4 })
        : fc.constant(null),
      extraQuery: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        {
          weight: queryParams.length ? 1 : 3,
          arbitrary: fc.tuple(
            fc.constantFrom(...GENERIC_QUERY),
            fc.oneof(badStrings.map(encode), rawEscapes),
          ),
        },
      ),
      idempotencyKey: idempotent
        ? fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'x'.repeat(300), 'a\u0000b', 'ü')))
        : fc.constant(null),
      body: bodies(op, caller),
    })
    .map(({ path, query, badQuery, extraQuery, idempotencyKey, body }) =>
      buildRequest(op, {
        path,
        query: query.map((values, i) => (badQuery?.[0] === i ? badQuery[1] : values)),
        extraQuery,
        idempotencyKey,
        body,
      }),
    );
}

/**
 * Who gets the systematic cases of an operation: one caller the document lets in (the admin on admin routes, a
 * merchant session on session routes, anonymous on public ones), and an API key as well where keys are allowed.
 * The others would only be refused again (401, 403); they still get the random requests.
 */
function systematicCallers(op: Operation): CallerName[] {
  if (op.path.startsWith('/admin/')) return ['admin'];
  if (op.security.length === 0) return ['anonymous'];
  if (op.security.includes('posDevice')) return ['device'];
  return op.security.includes('apiKey') ? ['apiKey', 'merchant'] : ['merchant'];
}

/** The path of a caller's own objects where it has some (the API key: its owner's), else the merchant's. */
function ownPath(op: Operation, caller: Caller): PathValue[] {
  return op.params
    .filter((p) => p.in === 'path')
    .map((p) => {
      const known = knownIds(op, p.name, caller);
      const own = caller.name === 'apiKey' || caller.name === 'device' ? 1 : 0;
      return { value: known[Math.min(own, known.length - 1)]!, raw: false };
    });
}

const GENERIC_BODIES: Body[] = [
  { kind: 'invalid json', contentType: 'application/json', payload: '{"a":' },
  json('json array', ['\ud800x']),
  {
    kind: 'deep json',
    contentType: 'application/json',
    payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  },
  { kind: 'over 1 MiB', contentType: 'application/json', payload: OVERSIZE },
  { kind: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { kind: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { kind: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'x' },
];
const CRITICAL_VALUES: unknown[] = ['\ud800x', 'a\u0000b', HUGE, '', 12_345, null];
const CRITICAL_PARAMS = ['\ud800x', 'a\u0000b', HUGE, '-1', 'NaN'];
const label = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 20);

/**
 * Systematic cases, derived from the operation's parameters and body, run before the random ones (fast-check
 * `examples`) by the callers of systematicCallers: every field of the valid-looking body set in turn to a
 * lone surrogate, a NUL, 100k characters, an empty string, a number and null, or left out; an unknown field in
 * every object; and every query and path parameter set to bad values, the rest of the request valid.
 */
function examplesFor(op: Operation, caller: Caller): FuzzRequest[] {
  if (!systematicCallers(op).includes(caller.name)) return [];
  const queryCount = op.params.filter((p) => p.in === 'query').length;
  const path = ownPath(op, caller);
  const noQuery: string[][] = Array.from({ length: queryCount }, () => []);
  const seed = seedOf(op, caller);
  const seedBody: Body = seed === undefined ? { kind: 'no body' } : json('seed', seed);
  const out: FuzzRequest[] = [];
  if (seed !== undefined) {
    leavesIn(seed).forEach((leaf, i) => {
      const name = leaf.join('.');
      for (const value of CRITICAL_VALUES) {
        const body = json(`${name} = ${label(value)}`, mutate(seed, [{ kind: 'set', at: i, value }]));
        out.push(buildRequest(op, { path, query: noQuery, body }));
      }
    });
    pathsIn(seed).forEach((field, i) => {
      const body = json(`without ${field.join('.')}`, mutate(seed, [{ kind: 'drop', at: i }]));
      out.push(buildRequest(op, { path, query: noQuery, body }));
    });
    objectsIn(seed).forEach((object, i) => {
      for (const key of ['extra', '\ud800']) {
        const body = json(
          `extra ${label(key)} in ${object.join('.') || 'body'}`,
          mutate(seed, [{ kind: 'extra', at: i, key, value: 1 }]),
        );
        out.push(buildRequest(op, { path, query: noQuery, body }));
      }
    });
  }
  // Whole bodies: not JSON, not an object, nested 20,000 levels, over the limit, of other content types.
  const idempotencyKey = op.params.some((p) => p.name.toLowerCase() === 'idempotency-key')
    ? 'fuzz-idempotency-key'
    : null;
  for (const body of GENERIC_BODIES)
    out.push(buildRequest(op, { path, query: noQuery, idempotencyKey, body }));
  for (let i = 0; i < queryCount; i++) {
    for (const values of [...CRITICAL_PARAMS.map((v) => [encode(v)]), ['1', '2']]) {
      const query = noQuery.map((none, j) => (j === i ? values : none));
      out.push(buildRequest(op, { path, query, body: seedBody }));
    }
  }
  path.forEach((_, i) => {
    for (const value of [...CRITICAL_PARAMS, 'x'.repeat(101)]) {
      const bad = path.map((v, j) => (j === i ? { value, raw: false } : v));
      out.push(buildRequest(op, { path: bad, query: noQuery, body: seedBody }));
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Sending and judging.

type Failure = { what: string; detail: string; count: number };
const failures = new Map<string, Failure>();
const stats = { operations: 0, requests: 0, serverErrors: 0, byStatus: new Map<number, number>() };
const covered = new Map<string, Set<CallerName>>();
/** Replies of the current operation by caller and status (printed with FUZZ_TIMINGS). */
const opStatuses = new Map<string, number>();
/** Stacks of the errors the app logged during the current request (the app's logger is otherwise silent). */
let logged: string[] = [];

/** What a shard has seen so far, emptied when it starts: the shards may run one after another in one process. */
function resetShardState() {
  failures.clear();
  stats.operations = 0;
  stats.requests = 0;
  stats.serverErrors = 0;
  stats.byStatus.clear();
  covered.clear();
  opStatuses.clear();
  logged = [];
}

const snippet = (v: string | Buffer | undefined, n = 300) => {
  if (v === undefined) return '(none)';
  const s = Buffer.isBuffer(v) ? `<${v.length} bytes> ${v.subarray(0, n).toString('latin1')}` : v;
  const cut = s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
  return JSON.stringify(cut);
};

function fail(key: string, what: string, detail: string) {
  const seen = failures.get(key);
  if (seen) seen.count++;
  else failures.set(key, { what, detail, count: 1 });
}

/**
 * The seed of an operation and caller: FUZZ_SEED mixed with a hash (FNV-1a) of their names, so that it stays
 * the same when operations are added to the document, and FUZZ_ONLY replays the requests of a full run.
 */
function seedFor(op: Operation, caller: Caller): number {
  let hash = 0x811c9dc5;
  for (const ch of `${op.key} ${caller.name}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  return (FUZZ_SEED ^ hash) >>> 0;
}

const SESSION_ENDERS = new Set([
  'POST /auth/logout',
  'POST /auth/mode',
  'POST /auth/password',
  'POST /admin/maintenance/force-logout',
]);

async function send(
  op: Operation,
  caller: Caller,
  req: FuzzRequest,
  where: { seed: number; run: number },
  successes: string[],
) {
  logged = [];
  const describeReq = () =>
    [
      `${op.method} ${req.url.slice(0, 300)} as ${caller.name} (body: ${req.body.kind})`,
      `  headers: ${JSON.stringify(req.headers).slice(0, 300)}`,
      `  body: ${snippet(req.body.payload)}`,
      `  replay: FUZZ_ONLY='${op.key}' (seed ${where.seed}, run ${where.run})`,
    ].join('\n');
  let res: LightMyRequestResponse | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    res = await Promise.race([
      ctx.app.inject({
        method: op.method as 'GET',
        url: req.url,
        headers: { ...req.headers, ...caller.headers() },
        ...(req.body.payload !== undefined ? { payload: req.body.payload } : {}),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no reply in ${REQUEST_TIMEOUT_MS} ms`)),
          REQUEST_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (err) {
    fail(
      `${op.key} ${caller.name} threw ${String(err)}`,
      `${op.key}: the request failed: ${String(err)}`,
      describeReq(),
    );
  } finally {
    clearTimeout(timer);
  }
  stats.requests++;
  if (SESSION_ENDERS.has(op.key)) {
    if (caller.name === 'merchant') merchantCookie = await signIn({ app: ctx.app, userId: merchant.userId });
    if (caller.name === 'admin') adminCookie = await signIn({ app: ctx.app, userId: admin.userId });
  }
  if (!res) return;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  const tally = `${caller.name}:${res.statusCode}`;
  opStatuses.set(tally, (opStatuses.get(tally) ?? 0) + 1);
  if (res.statusCode >= 500) {
    stats.serverErrors++;
    const stack = logged[0] ?? '(no error logged)';
    fail(
      `${op.key} ${caller.name} ${res.statusCode} ${stack.split('\n')[0]}`,
      `${op.key} answered ${res.statusCode} to ${caller.name}`,
      `${describeReq()}\n  reply: ${res.statusCode} ${snippet(res.body)}\n  logged: ${stack
        .split('\n')
        .slice(0, 8)
        .join('\n    ')}`,
    );
  } else if (res.statusCode < 300) {
    // Kept for the report of a change to the victim: those naming a victim's id first.
    const entry = `${describeReq()}\n  reply: ${res.statusCode} ${snippet(res.body, 200)}`;
    const text = `${req.url} ${String(req.body.payload ?? '')}`;
    if (victimIds().some((id) => text.includes(id))) successes.unshift(entry);
    else if (successes.length < 5) successes.push(entry);
  }
}

/** How many shards the operations are dealt into: one test file each, fuzz-0.test.ts to fuzz-<FUZZ_SHARDS - 1>. */
export const FUZZ_SHARDS = 3;

/**
 * One shard of the fuzzing: the operations whose index in the document is `shard` modulo `shards`, on a database
 * and callers of its own (fuzz-0.test.ts ... each call this once), so that the shards run side by side in the
 * test workers. Together they cover every operation; each checks that it covered all of its own.
 */
export function fuzzShard(shard: number, shards = FUZZ_SHARDS) {
  setUpSuite();
  if (shard === 0) {
    it('has one test file per shard, so that no operation is left out', () => {
      const here = path.dirname(fileURLToPath(import.meta.url));
      const files = fs.readdirSync(here).filter((f) => /^fuzz-\d+\.test\.ts$/.test(f));
      expect(files.sort()).toEqual(Array.from({ length: shards }, (_, i) => `fuzz-${i}.test.ts`).sort());
    });
  }
  describe(`fuzzing the OpenAPI document's operations, shard ${shard + 1} of ${shards}`, () => {
    it('answers generated bad input from every caller without a 5xx or a change to another merchant', async () => {
      resetShardState();
      // This shard's operations: every FUZZ_SHARDS-th of the document, from its own index on.
      const mine = ops.filter((_op, i) => i % shards === shard);
      // The app logs unhandled errors (with their stack) through its logger, which is a no-op in tests: capture.
      const log = ctx.app.log as unknown as { error: (...args: unknown[]) => void };
      const silentError = log.error;
      log.error = (obj: unknown) => {
        const err = (obj as { err?: { stack?: string } } | undefined)?.err;
        logged.push(err?.stack ?? JSON.stringify(obj));
      };
      const started = Date.now();
      try {
        for (const op of mine) {
          if (EXCLUDED[op.key] || (ONLY && op.key !== ONLY)) continue;
          const started = Date.now();
          await refreshCallers(op.key);
          const before = await victimRows();
          const successes: string[] = [];
          for (const caller of callers) {
            const seed = seedFor(op, caller);
            const examples = examplesFor(op, caller);
            let run = 0;
            await fc.assert(
              fc.asyncProperty(requests(op, caller), async (req) => {
                await send(op, caller, req, { seed, run: run++ }, successes);
                const set = covered.get(op.key) ?? new Set();
                covered.set(op.key, set.add(caller.name));
              }),
              {
                seed,
                examples: examples.map((e) => [e]),
                numRuns: examples.length + (FEWER_RUNS[op.key] ?? RUNS),
                endOnFailure: true,
              },
            );
          }
          stats.operations++;
          const diff = rowsDiff(before, await victimRows()).filter((line) => !BY_DESIGN[op.key]?.(line));
          if (diff.length) {
            fail(
              `${op.key} victim`,
              `${op.key} changed the victim's data`,
              `${diff.slice(0, 10).join('\n')}\n2xx requests of the operation:\n${successes.slice(0, 5).join('\n')}`,
            );
          }
          if (op.path.startsWith('/admin/settings') || op.path.startsWith('/admin/rates'))
            await restoreGlobalState();
          if (process.env.FUZZ_TIMINGS) {
            console.log(
              `${op.key}: ${Date.now() - started} ms ${JSON.stringify(Object.fromEntries(opStatuses))}`,
            );
          }
          opStatuses.clear();
        }
      } finally {
        log.error = silentError;
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz: ${stats.operations} operations, ${stats.requests} requests, ${stats.serverErrors} server errors (${seconds} s)`,
        `statuses: ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])))}`,
      );
      if (failures.size) {
        console.log(
          [...failures.values()]
            .map((f) => `✗ ${f.what}${f.count > 1 ? ` (${f.count} times)` : ''}\n${f.detail}`)
            .join('\n\n'),
        );
      }

      if (!ONLY) {
        const expected = mine.filter((op) => !EXCLUDED[op.key]).map((op) => op.key);
        expect(stats.operations).toBe(expected.length);
        expect([...covered.keys()]).toEqual(expected);
        for (const key of expected)
          expect([...(covered.get(key) ?? [])].sort(), key).toHaveLength(callers.length);
        expect(ops.length).toBeGreaterThan(60);
      }
      expect([...failures.values()].map((f) => f.what)).toEqual([]);
    });
  });
}
