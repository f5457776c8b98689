import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPGlite, openPostgres } from '#app/db/connection.ts';
import { migrateTo, migrateToLatest } from '#app/db/migrate.ts';

// Migration 0033 on data written under 0032, when Bitcoin Cash was stored in the legacy form: its wallets' payments
// and transfers in CashAddr of the wallet's chain mode, a single address's shown form too, and the sanctions keys
// (the list in force, recorded payers) with a CashAddr in its legacy form. Addresses are the CashAddr
// specification's translations and the BIP39 test mnemonic's first at m/44'/1'/0' (legacy
// mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV, written alike on testnet and regtest).
// A database of its own (not the migrated test snapshot): PGlite in memory, or a new PostgreSQL database.

const MAIN_LEGACY = '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu';
const MAIN_CASH = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
const TEST_LEGACY = 'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV';
const P2SH_LEGACY = '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC';
const P2SH_CASH = 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq';

let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the schema before 0033 is db/schema.ts's, written loosely here
let db: Kysely<any>;
let dropDatabase: (() => Promise<void>) | null = null;

async function freshDatabase(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPGlite();
  const name = `coinlane_m32_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 2);
}

const wallet = (
  id: string,
  network: string,
  chainMode: string,
  kind: 'xpub' | 'address',
  display: string,
) => ({
  id,
  user_id: 'usr_m32',
  currency: network === 'litecoin' ? 'LTC' : 'BCH',
  network,
  chain_mode: chainMode,
  kind,
  address_sealed: 'sealed',
  address_hash: `hash_${id}`,
  address_display: display,
  script_type: 'p2pkh',
  label: id,
});
const payment = (
  id: string,
  network: string,
  address: string,
  walletId: string | null,
  more: { status?: string; shared_address?: boolean } = {},
) => ({
  id,
  user_id: 'usr_m32',
  mode: 'live',
  status: 'pending',
  network,
  currency: network === 'litecoin' ? 'LTC' : 'BCH',
  decimals: 8,
  amount: '1000',
  required_confirmations: 6,
  expires_at: new Date('2026-12-01T00:00:00Z'),
  address,
  wallet_id: walletId,
  ...more,
});

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  await migrateTo(db, '0032-tron');
  await db
    .insertInto('users')
    .values({ id: 'usr_m32', email: 'm32@example.com', password_hash: 'x' })
    .execute();
  await db
    .insertInto('wallets')
    .values([
      wallet('wal_single', 'bitcoin-cash', 'mainnet', 'address', MAIN_LEGACY),
      wallet('wal_key_test', 'bitcoin-cash', 'testnet', 'xpub', 'tpubDC5F…Xpoba'),
      wallet('wal_key_reg', 'bitcoin-cash', 'regtest', 'xpub', 'tpubDC5F…Xpoba'),
      wallet('wal_ltc', 'litecoin', 'regtest', 'address', TEST_LEGACY),
    ])
    .execute();
  await db
    .insertInto('payments')
    .values([
      payment('pay_single', 'bitcoin-cash', MAIN_LEGACY, 'wal_single', { shared_address: true }),
      payment('pay_test', 'bitcoin-cash', TEST_LEGACY, 'wal_key_test', { status: 'expired' }),
      payment('pay_reg', 'bitcoin-cash', TEST_LEGACY, 'wal_key_reg'),
      payment('pay_p2sh_cash', 'bitcoin-cash', P2SH_CASH, 'wal_single', { shared_address: true }),
      payment('pay_no_wallet', 'bitcoin-cash', P2SH_LEGACY, null),
      payment('pay_ltc', 'litecoin', TEST_LEGACY, 'wal_ltc'),
    ])
    .execute();
  await db
    .insertInto('transfers')
    .values({
      id: 'tr_single',
      user_id: 'usr_m32',
      mode: 'live',
      payment_id: 'pay_single',
      network: 'bitcoin-cash',
      currency: 'BCH',
      decimals: 8,
      txid: 'aa'.repeat(32),
      output_index: 1,
      address: MAIN_LEGACY,
      amount: '1000',
      seen_at: new Date('2026-11-28T00:00:00Z'),
      // As the watcher recorded them: Bitcoin Cash Node's CashAddr, a legacy payer already in its key form.
      payer_addresses: [MAIN_CASH, P2SH_CASH, MAIN_LEGACY],
    })
    .execute();
  await db
    .insertInto('sanctions_imports')
    .values({ id: 'sdn_1', source_file: 'sdn_advanced.xml', file_sha256: 'x', address_count: 3 })
    .execute();
  const listed = (address: string) => ({ address_key: address, address, asset: 'BCH', import_id: 'sdn_1' });
  // One address listed in both forms, one only as CashAddr (a bare body: the list may leave out the prefix).
  await db
    .insertInto('sanctioned_addresses')
    .values([
      listed(MAIN_CASH),
      listed(MAIN_LEGACY),
      listed('ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'),
      {
        ...listed('0x098B716B8Aaf21512996dC57EB0615e2383E2f96'),
        address_key: '0x098b716b8aaf21512996dc57eb0615e2383e2f96',
        asset: 'ETH',
      },
    ])
    .execute();
  await migrateToLatest(db);
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
});

describe('0033: Bitcoin Cash in CashAddr', () => {
  it("writes its wallets' payments and transfers as CashAddr of the wallet's chain mode", async () => {
    const rows = await db.selectFrom('payments').select(['id', 'address']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.address]))).toEqual({
      pay_single: MAIN_CASH,
      pay_test: 'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
      pay_reg: 'bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n',
      pay_p2sh_cash: P2SH_CASH,
      // No wallet to tell its chain mode: left as it was (the watcher keys both forms alike).
      pay_no_wallet: P2SH_LEGACY,
      pay_ltc: TEST_LEGACY,
    });
    const t = await db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', 'tr_single')
      .executeTakeFirstOrThrow();
    expect(t.address).toBe(MAIN_CASH);
    expect(t.payer_addresses).toEqual([MAIN_LEGACY, P2SH_LEGACY]);
  });

  it("shows a single-address wallet's address as CashAddr, and leaves its sealed value and hash", async () => {
    const rows = await db
      .selectFrom('wallets')
      .select(['id', 'address_display', 'address_sealed', 'address_hash'])
      .orderBy('id')
      .execute();
    expect(rows.find((r) => r.id === 'wal_single')).toEqual({
      id: 'wal_single',
      address_display: MAIN_CASH,
      address_sealed: 'sealed',
      address_hash: 'hash_wal_single',
    });
    expect(rows.find((r) => r.id === 'wal_ltc')!.address_display).toBe(TEST_LEGACY);
    expect(rows.find((r) => r.id === 'wal_key_test')!.address_display).toBe('tpubDC5F…Xpoba');
  });

  it('keys the sanctions list in force again: one row per address, CashAddr under its legacy form', async () => {
    const rows = await db
      .selectFrom('sanctioned_addresses')
      .select(['address_key', 'address'])
      .orderBy('address_key')
      .execute();
    expect(rows.map((r) => r.address_key).sort()).toEqual(
      [MAIN_LEGACY, P2SH_LEGACY, '0x098b716b8aaf21512996dc57eb0615e2383e2f96'].sort(),
    );
    expect(rows.find((r) => r.address_key === P2SH_LEGACY)!.address).toBe(
      'ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
    );
  });
});
