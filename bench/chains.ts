// Chain watchers (UTXO on litecoind, EVM on Hardhat): broadcast -> payment.updated latency, scan throughput, flush gas.
//
// Against a real `litecoind -regtest` (started and stopped here, temp datadir, free port) and a fresh PostgreSQL
// database per part (created and dropped here).
//   (a) A real server process (apps/server/src/main.ts, roles api,watcher, CHAIN_LITECOIN_RPC_URL set) and a
//       merchant WebSocket (live-mode API key). N live LTC payments are inserted with addresses of the node's
//       wallet (test fixture liveLitecoinPayments: the payments module's insertPayment with a fixed address);
//       for each in turn: `sendtoaddress` from the node's wallet, then the time until `payment.updated` with the
//       full amount received reaches the socket. p50 / p95.
//   (b) In this process, a watcher (createUtxoWatcher) over 10,000 and then 100,000 watched addresses: live
//       payments rows whose addresses are random valid-looking strings (`rltc1q` + 38 hex characters: they never
//       match, which is fine for the cost of a scan) plus 20 real node addresses paid in the scanned blocks.
//       The node first mines --blocks blocks, each with one 50-output transaction; a fresh watcher then scans
//       them all from its cursor: blocks per minute, and the process's RSS and heap after the scan.
//
//   (c) EVM rows (bench/chains-evm.ts, Hardhat): broadcast -> payment.updated, Transfer logs scanned per minute with
//       100,000 watched addresses, gas per flush of one and of fifty payments.
//
//   npm run bench -- chains [--payments=50] [--blocks=200] [--evm-logs=5000] [--skip-latency] [--skip-scan]
//                           [--skip-utxo] [--skip-evm]
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default postgres://postgres@127.0.0.1:5432/postgres)
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createUtxoWatcher } from '../apps/server/src/families/utxo/utxo-watcher.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';
import { hasLitecoind, litecoindMissing, startLitecoind } from '../apps/server/src/test/litecoind.ts';
import { liveLitecoinPayments } from '../apps/server/src/test/live-payment-fixtures.ts';
import { testPaymentDeps } from '../apps/server/src/test/payment-deps.ts';
import {
  BASE_URL,
  freshDatabase,
  mb,
  mbDelta,
  printLatency,
  sleep,
  startLatencyRig,
} from './_chain-bench-support.ts';
import { evmBench } from './chains-evm.ts';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.trunc(value);
};
const PAYMENTS = arg('payments', 50);
const BLOCKS = arg('blocks', 200);
const SKIP_LATENCY = process.argv.includes('--skip-latency');
const SKIP_SCAN = process.argv.includes('--skip-scan');
const SKIP_EVM = process.argv.includes('--skip-evm');
const SKIP_UTXO = process.argv.includes('--skip-utxo');

async function latency() {
  const node = await startLitecoind();
  let rig: Awaited<ReturnType<typeof startLatencyRig>> | null = null;
  try {
    rig = await startLatencyRig({ CHAIN_LITECOIN_RPC_URL: node.url, CHAIN_LITECOIN_MODE: 'regtest' });
    const fixtures = liveLitecoinPayments(rig.db);
    const created = [];
    for (let i = 0; i < PAYMENTS; i++) {
      created.push(
        await fixtures.create({
          userId: rig.userId,
          address: await node.newAddress(),
          amount: (0.01 + i / 1e4).toFixed(8),
        }),
      );
    }
    await sleep(1500); // the watcher's next passes read the new addresses
    await node.mine(100); // many mature coinbases: no long chains of unconfirmed change
    await sleep(1000);
    const latencies: number[] = [];
    for (const [i, p] of created.entries()) {
      if (i > 0 && i % 10 === 0) {
        await node.mine(1); // keeps the wallet's unconfirmed chain short (not timed)
        await sleep(700);
      }
      latencies.push(
        await rig.timeUntilPaid(p.id, () =>
          node.wallet.call('sendtoaddress', [p.address, Number(p.amount) / 1e8]),
        ),
      );
    }
    printLatency(
      `(a) sendtoaddress -> WebSocket payment.updated (0-conf), ${created.length} live LTC payments one after another`,
      latencies,
    );
  } finally {
    await rig?.close();
    await node.stop();
  }
}

async function scan() {
  const node = await startLitecoind();
  try {
    // Blocks to scan: each with one 50-output transaction to the node's own addresses, plus real payments below.
    const targets = (
      await node.wallet.batch<string>(
        Array.from({ length: 50 }, () => ({ method: 'getnewaddress', params: ['', 'bech32'] })),
      )
    ).map((a) => String(a));
    const paid = (
      await node.wallet.batch<string>(
        Array.from({ length: 20 }, () => ({ method: 'getnewaddress', params: ['', 'bech32'] })),
      )
    ).map((a) => String(a));
    const startHeight = await node.rpc.call<number>('getblockcount');
    const t0 = performance.now();
    for (let i = 0; i < BLOCKS; i++) {
      const outputs: Record<string, number> = Object.fromEntries(targets.map((a) => [a, 0.001]));
      if (i < paid.length) outputs[paid[i]!] = 0.05;
      await node.wallet.call('sendmany', ['', outputs]);
      await node.mine(1);
    }
    console.log(
      `(b) ${BLOCKS} blocks mined with one 50-output transaction each (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    for (const watchedCount of [10_000, 100_000]) {
      const database = await freshDatabase();
      const handle = await openPostgres(database.url, 5);
      try {
        await migrateToLatest(handle.db);
        const user = await createUser({ db: handle.db, name: 'Bench Merchant' });
        const fixtures = liveLitecoinPayments(handle.db);
        for (const address of paid) await fixtures.create({ userId: user.id, address, amount: '0.05' });
        // Random valid-looking addresses (never paid): the watched set's size is what a scan's cost depends on.
        await sql`
          INSERT INTO payments (id, user_id, mode, currency, network, decimals, amount, required_confirmations,
                                address, metadata, expires_at, created_at, updated_at)
          SELECT 'pay_bench' || g, ${user.id}, 'live', 'LTC', 'litecoin', 8, 1000000, 2,
                 'rltc1q' || substr(md5(g::text), 1, 32) || substr(md5((g + 1)::text), 1, 6), '{}',
                 now() + interval '1 hour', now() - (g || ' ms')::interval, now()
          FROM generate_series(1, ${watchedCount - paid.length}) g
        `.execute(handle.db);
        global.gc?.();
        const rssBefore = process.memoryUsage().rss;
        const watcher = createUtxoWatcher({
          deps: testPaymentDeps,
          dbHandle: handle,
          chain: { family: 'utxo', network: 'litecoin', rpcUrl: node.url, mode: 'regtest' },
          startLookback: BLOCKS,
        });
        const tipHeight = await node.rpc.call<number>('getblockcount');
        const s0 = performance.now();
        await watcher.tick(); // loads the watched set, takes the cursor at tip - BLOCKS, scans to the tip
        while (watcher.status().processedHeight! < tipHeight) await watcher.tick();
        const seconds = (performance.now() - s0) / 1000;
        const status = watcher.status();
        const mem = process.memoryUsage();
        const credited = await handle.db
          .selectFrom('transfers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        console.log(
          `    ${String(status.watchedAddresses).padStart(7)} watched: ${BLOCKS} blocks (heights ${startHeight + 1}-${tipHeight}) in ${seconds.toFixed(1)} s = ${Math.round((BLOCKS / seconds) * 60)} blocks/min; ` +
            `${credited.n} transfers credited; RSS ${mb(mem.rss)} (${mbDelta(mem.rss - rssBefore)}), heap ${mb(mem.heapUsed)}; error ${status.lastError ?? 'none'}`,
        );
        await watcher.stop();
      } finally {
        await handle.close();
        await database.drop();
      }
    }
  } finally {
    await node.stop();
  }
}

if (!SKIP_UTXO) {
  if (!hasLitecoind()) {
    console.error(litecoindMissing);
    process.exit(1);
  }
  console.log(`UTXO watcher benchmark (litecoind -regtest, PostgreSQL at ${new URL(BASE_URL).host})`);
  if (!SKIP_LATENCY) await latency();
  if (!SKIP_SCAN) await scan();
}
if (!SKIP_EVM) {
  await evmBench({
    payments: PAYMENTS,
    logs: arg('evm-logs', 5000),
    skipLatency: SKIP_LATENCY,
    skipScan: SKIP_SCAN,
  });
}
process.exit(0);
