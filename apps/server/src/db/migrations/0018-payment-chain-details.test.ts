import { randomBytes } from 'node:crypto';
import { parseChainDetails } from '@coinlane/core/chain-details';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPGlite, openPostgres } from '#app/db/connection.ts';
import { migrateTo, migrateToLatest } from '#app/db/migrate.ts';

// Migration 0018 on data written under 0017: every EVM fact and every flush field of the old payments columns
// arrives in payments.chain_details, payments.shared_address and payment_flushes, and the columns are gone.
// A database of its own (not the migrated test snapshot): PGlite in memory, or a new PostgreSQL database.

const SALT_1 = `0x${'a1'.repeat(32)}`;
const SALT_2 = `0x${'b2'.repeat(32)}`;
const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const FLUSH_TX = `0x${'c3'.repeat(32)}`;
const T0 = new Date('2026-11-20T10:00:00.123Z');
const T1 = new Date('2026-11-21T11:30:00.456Z');
const T2 = new Date('2026-11-22T12:45:00.789Z');

let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the schema before 0018 is not db/schema.ts's
let db: Kysely<any>;
const cleanups: Array<() => Promise<void>> = [];

async function freshDatabase(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPGlite();
  const name = `coinlane_m18_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 2);
}

type OldPayment = {
  id: string;
  mode?: 'live' | 'test';
  network: string;
  currency: string;
  address: string;
  status?: string;
  wallet_id?: string | null;
  derivation_index?: number | null;
  deposit_salt?: string | null;
  chain_id?: number | null;
  forwarder_factory?: string | null;
  flushed_at?: Date | null;
  flush_tx?: string | null;
  flush_block?: number | null;
  flush_attempts?: number;
  flush_retry_at?: Date | null;
  flush_batch_max?: number | null;
  flush_deferred_block?: number | null;
};

const insertOld = (p: OldPayment) =>
  db
    .insertInto('payments')
    .values({
      user_id: 'usr_m18',
      mode: 'live',
      status: 'pending',
      decimals: 18,
      amount: '1000',
      required_confirmations: 1,
      expires_at: T2,
      ...p,
    })
    .execute();

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  await migrateTo(db, '0017-payment-mails');
  await db
    .insertInto('users')
    .values({ id: 'usr_m18', email: 'm18@example.com', password_hash: 'x' })
    .execute();
  const wallet = (id: string, network: string, kind: 'xpub' | 'address') => ({
    id,
    user_id: 'usr_m18',
    currency: network === 'litecoin' ? 'LTC' : 'ETH',
    network,
    chain_mode: 'mainnet',
    kind,
    address_sealed: 'sealed',
    address_hash: `hash_${id}`,
    address_display: 'display',
    script_type: 'p2wpkh',
    label: id,
  });
  await db
    .insertInto('wallets')
    .values([
      wallet('wal_eth', 'ethereum', 'address'),
      wallet('wal_ltc_single', 'litecoin', 'address'),
      wallet('wal_ltc_xpub', 'litecoin', 'xpub'),
    ])
    .execute();

  // forwarder payments: flushed once (a later payment made it due again), and one backing off, from before 0011
  await insertOld({
    id: 'pay_fwd_flushed',
    network: 'ethereum',
    currency: 'ETH',
    address: '0x1111111111111111111111111111111111111111',
    status: 'confirmed',
    wallet_id: 'wal_eth',
    deposit_salt: SALT_1,
    chain_id: 1,
    forwarder_factory: FACTORY,
    flushed_at: T0,
    flush_tx: FLUSH_TX,
    flush_block: 100,
  });
  await insertOld({
    id: 'pay_fwd_backoff',
    network: 'ethereum',
    currency: 'USDT',
    address: '0x2222222222222222222222222222222222222222',
    status: 'confirmed',
    wallet_id: 'wal_eth',
    deposit_salt: SALT_2,
    chain_id: 1,
    flush_attempts: 3,
    flush_retry_at: T1,
    flush_batch_max: 4,
    flush_deferred_block: 120,
  });
  // EVM without a forwarder: a single address (two open payments on it) and a key's child on another chain
  for (const id of ['pay_evm_single_a', 'pay_evm_single_b']) {
    await insertOld({
      id,
      network: 'ethereum',
      currency: 'USDT',
      address: '0x3333333333333333333333333333333333333333',
      wallet_id: 'wal_eth',
      chain_id: 1,
    });
  }
  await insertOld({
    id: 'pay_evm_xpub',
    network: 'polygon',
    currency: 'USDT',
    address: '0x4444444444444444444444444444444444444444',
    wallet_id: 'wal_eth',
    derivation_index: 3,
    chain_id: 137,
  });
  // UTXO: single address, and a key's child
  await insertOld({
    id: 'pay_ltc_single',
    network: 'litecoin',
    currency: 'LTC',
    address: 'ltc1qsingle',
    wallet_id: 'wal_ltc_single',
    status: 'expired',
  });
  await insertOld({
    id: 'pay_ltc_xpub',
    network: 'litecoin',
    currency: 'LTC',
    address: 'ltc1qchild',
    wallet_id: 'wal_ltc_xpub',
    derivation_index: 5,
  });
  // test mode: no wallet, no chain
  await insertOld({
    id: 'pay_test',
    mode: 'test',
    network: 'ethereum',
    currency: 'ETH',
    address: 'test_ethereum_abc',
  });

  await migrateToLatest(db);
});

afterAll(async () => {
  await handle?.close();
  for (const f of cleanups) await f();
});

describe('migration 0018: chain details, shared addresses and payment_flushes', () => {
  it('moves the EVM facts into chain_details and marks shared addresses', async () => {
    const rows = await db
      .selectFrom('payments')
      .select(['id', 'network', 'chain_details', 'shared_address'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'pay_evm_single_a', network: 'ethereum', chain_details: { chainId: 1 }, shared_address: true },
      { id: 'pay_evm_single_b', network: 'ethereum', chain_details: { chainId: 1 }, shared_address: true },
      { id: 'pay_evm_xpub', network: 'polygon', chain_details: { chainId: 137 }, shared_address: false },
      {
        id: 'pay_fwd_backoff',
        network: 'ethereum',
        chain_details: { chainId: 1, depositSalt: SALT_2 },
        shared_address: false,
      },
      {
        id: 'pay_fwd_flushed',
        network: 'ethereum',
        chain_details: { chainId: 1, depositSalt: SALT_1, forwarderFactory: FACTORY },
        shared_address: false,
      },
      { id: 'pay_ltc_single', network: 'litecoin', chain_details: {}, shared_address: true },
      { id: 'pay_ltc_xpub', network: 'litecoin', chain_details: {}, shared_address: false },
      { id: 'pay_test', network: 'ethereum', chain_details: {}, shared_address: false },
    ]);
    // every stored value fits its family's schema
    for (const r of rows) {
      const family = r.network === 'litecoin' ? 'utxo' : 'evm';
      expect(parseChainDetails(family, r.chain_details)).toEqual(r.chain_details);
    }
  });

  it('gives each forwarder payment its flush row with every value', async () => {
    const flushes = await db.selectFrom('payment_flushes').selectAll().orderBy('payment_id').execute();
    expect(flushes).toEqual([
      {
        payment_id: 'pay_fwd_backoff',
        flushed_at: null,
        flush_tx: null,
        flush_block: null,
        flush_attempts: 3,
        flush_retry_at: T1,
        flush_batch_max: 4,
        flush_deferred_block: 120,
      },
      {
        payment_id: 'pay_fwd_flushed',
        flushed_at: T0,
        flush_tx: FLUSH_TX,
        flush_block: 100,
        flush_attempts: 0,
        flush_retry_at: null,
        flush_batch_max: null,
        flush_deferred_block: null,
      },
    ]);
  });

  it('drops the old columns and rebuilds the indexes on the new ones', async () => {
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'payments'
    `.execute(db);
    const names = columns.rows.map((c) => c.column_name);
    expect(names).toEqual(expect.arrayContaining(['chain_details', 'shared_address']));
    for (const gone of [
      'deposit_salt',
      'chain_id',
      'forwarder_factory',
      'flushed_at',
      'flush_tx',
      'flush_block',
      'flush_attempts',
      'flush_retry_at',
      'flush_batch_max',
      'flush_deferred_block',
    ]) {
      expect(names).not.toContain(gone);
    }
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema()
        AND indexname IN ('payments_open_address_key', 'payments_flush_candidates_idx')
      ORDER BY indexname
    `.execute(db);
    expect(indexes.rows.map((i) => i.indexname)).toEqual([
      'payments_flush_candidates_idx',
      'payments_open_address_key',
    ]);
    expect(indexes.rows[0]!.indexdef).toContain('depositSalt');
    expect(indexes.rows[1]!.indexdef).toContain('shared_address');
  });

  it('keeps an open non-shared address to one payment, and lets a shared one serve several', async () => {
    const again = (id: string, address: string, shared: boolean) =>
      db
        .insertInto('payments')
        .values({
          id,
          user_id: 'usr_m18',
          mode: 'live',
          network: 'polygon',
          currency: 'USDT',
          decimals: 6,
          amount: '1001',
          required_confirmations: 1,
          expires_at: T2,
          address,
          wallet_id: 'wal_eth',
          shared_address: shared,
          chain_details: JSON.stringify({ chainId: 137 }),
        })
        .execute();
    await expect(again('pay_dup', '0x4444444444444444444444444444444444444444', false)).rejects.toThrow(
      /payments_open_address_key/,
    );
    await again('pay_shared_1', '0x5555555555555555555555555555555555555555', true);
    await again('pay_shared_2', '0x5555555555555555555555555555555555555555', true);
  });
});
