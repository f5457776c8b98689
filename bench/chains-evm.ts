// EVM watcher: broadcast -> WebSocket payment.updated latency, Transfer logs scanned per minute with 100k watched addresses, flush gas.
//
// Called by bench/chains.ts (the EVM rows of `npm run bench -- chains`), or alone: `npm run bench -- chains-evm`.
// Against a real Hardhat 2 node (apps/server/src/test/hardhat.ts) with the real contracts of packages/contracts
// deployed here, and a fresh PostgreSQL database per part (created and dropped here).
//   (a) A real server process (apps/server/src/main.ts, roles api,watcher, CHAIN_ETHEREUM_RPC_URL set, regtest) and
//       a merchant WebSocket (live-mode API key). N live ETH payments are inserted with fresh addresses (the
//       payments module's insertPayment with a fixed-address source, as the UTXO rows do); for each in turn an ETH
//       transfer from a funded account (Hardhat mines it at once), then the time until `payment.updated` with the
//       full amount received reaches the socket. p50 / p95. EVM nodes have no usable public mempool: the
//       watcher records at inclusion, so this is inclusion -> socket (polling every 500 ms).
//   (b) In this process, a watcher (createEvmChainWatcher) over 100,000 watched USDT payments (random addresses,
//       never paid, plus 20 real addresses paid in the scanned blocks). The node first mines blocks of many token
//       Transfer logs (--evm-logs in total, ~500 per block); a fresh watcher then scans them all from its cursor
//       with eth_getLogs (500-block ranges): logs per minute, and the process's RSS after the scan.
//   (c) Gas of a forwarder flush of 1 and of 50 token payments (packages/contracts measureFlushGas, task B's
//       measurement: one flushMany transaction that deploys each clone and moves its balance), with the current
//       factory (v2) and the first one (v1, legacy/forwarder-factory-v1.json) side by side.
//   (d) The same for payments under a conversion rule: SwapForwarderFactory's flushMany of 1 and of 50 ETH payments,
//       each swapped to USDT through Uniswap V3 (deployed from the official npm packages, decision 024).
//
//   npm run bench -- chains-evm [--payments=50] [--evm-logs=5000] [--skip-latency] [--skip-scan]
import { fileURLToPath } from 'node:url';
import { testTokenAbi } from '@coinlane/contracts/abi';
import {
  deployForwarderFactory,
  deployForwarderFactoryV1,
  deploySwapForwarderFactory,
  deployTestToken,
  deployUsdtLikeTestToken,
} from '@coinlane/contracts/deploy';
import { measureFlushGas } from '@coinlane/contracts/measure-flush-gas';
import { measureSwapFlushGas } from '@coinlane/contracts/measure-swap-flush-gas';
import { encodeV3Path } from '@coinlane/contracts/swap-forwarder-address';
import {
  createPoolWithLiquidity,
  deployUniswapV3,
  increaseTime,
} from '@coinlane/contracts/uniswap-test-deploy';
import { sql } from 'kysely';
import { type Address, encodeFunctionData, parseEther, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type Db, openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createEvmChainWatcher } from '../apps/server/src/families/evm/evm-watcher.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';
import { type Hardhat, startHardhat } from '../apps/server/src/test/hardhat.ts';
import { insertFixedAddressPayment } from '../apps/server/src/test/live-payment-fixtures.ts';
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

const randomAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** A live payment on `address` (insertFixedAddressPayment: the payments module's own insert, no merchant wallet). */
const insertLivePayment = (
  db: Db,
  { userId, symbol, address, units }: { userId: string; symbol: string; address: string; units: bigint },
  contractAddress: string | null = null,
) =>
  insertFixedAddressPayment({
    db,
    userId,
    currency: symbol,
    network: 'ethereum',
    amount: units,
    allocation: { address, chainDetails: { chainId: 31337 }, contractAddress },
    requiredConfirmations: 1,
  });

async function latency(node: Hardhat, payments: number) {
  let rig: Awaited<ReturnType<typeof startLatencyRig>> | null = null;
  try {
    rig = await startLatencyRig({ CHAIN_ETHEREUM_RPC_URL: node.url, CHAIN_ETHEREUM_MODE: 'regtest' });
    const created = [];
    for (let i = 0; i < payments; i++) {
      const units = parseEther('0.01') + BigInt(i);
      const row = await insertLivePayment(rig.db, {
        userId: rig.userId,
        symbol: 'ETH',
        address: randomAddress(),
        units,
      });
      created.push({ id: row.id, address: row.address as Address, units });
    }
    await sleep(1500); // the watcher's next passes read the new addresses
    const payer = node.wallets[0]!;
    const latencies: number[] = [];
    for (const p of created) {
      latencies.push(
        await rig.timeUntilPaid(p.id, () => payer.sendTransaction({ to: p.address, value: p.units })),
      );
    }
    printLatency(
      `(a) ETH transfer (mined at once) -> WebSocket payment.updated, ${created.length} live ETH payments one after another`,
      latencies,
    );
  } finally {
    await rig?.close();
  }
}

async function scan(node: Hardhat, logs: number) {
  const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
  const usdt = await deployTestToken({ ...deployer, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
  const from = node.wallets[1]!.account.address;
  const mint = await node.wallets[1]!.writeContract({
    address: usdt,
    abi: testTokenAbi,
    functionName: 'mint',
    args: [from, 10n ** 15n],
  });
  await node.publicClient.waitForTransactionReceipt({ hash: mint });
  const paid = Array.from({ length: 20 }, randomAddress);
  const startHeight = Number(await node.publicClient.getBlockNumber({ cacheTime: 0 }));

  const watchedCount = 100_000;
  const database = await freshDatabase();
  const handle = await openPostgres(database.url, 5);
  try {
    await migrateToLatest(handle.db);
    const user = await createUser({ db: handle.db, name: 'Bench Merchant' });
    for (const address of paid) {
      await insertLivePayment(
        handle.db,
        { userId: user.id, symbol: 'USDT', address, units: 1_000_000n },
        usdt,
      );
    }
    // Random valid-looking addresses (never paid): the watched set's size is what a scan's cost depends on.
    await sql`
      INSERT INTO payments (id, user_id, mode, currency, network, decimals, contract_address, amount,
                            required_confirmations, address, metadata, expires_at, created_at, updated_at,
                            chain_details)
      SELECT 'pay_bench' || g, ${user.id}, 'live', 'USDT', 'ethereum', 6, ${usdt}, 1000000, 1,
             '0x' || substr(md5(g::text), 1, 32) || substr(md5((g + 1)::text), 1, 8), '{}',
             now() + interval '1 hour', now() - (g || ' s')::interval, now(), '{"chainId":31337}'
      FROM generate_series(1, ${watchedCount - paid.length}) g
    `.execute(handle.db);
    const watcher = createEvmChainWatcher({
      deps: testPaymentDeps,
      dbHandle: handle,
      chain: {
        family: 'evm',
        network: 'ethereum',
        rpcUrl: node.url,
        mode: 'regtest',
        chainId: null,
        tokens: { USDT: usdt },
        factory: null,
        gasKey: null,
      },
      startLookback: 0,
    });
    await watcher.tick(); // loads the 100,000 watched addresses and takes its cursor at the current tip
    if (watcher.status().lastError) throw new Error(watcher.status().lastError!);
    // Blocks of ~500 token transfers each: automine off, transfers sent unsigned from Hardhat's unlocked account
    // (eth_sendTransaction, batched), then one block mined.
    const PER_BLOCK = 500;
    const rpc = (method: string, params: unknown[]) =>
      node.publicClient.request({ method: method as never, params: params as never }) as Promise<unknown>;
    const t0 = performance.now();
    await node.setAutomine(false);
    let sent = 0;
    let nonce = await node.publicClient.getTransactionCount({ address: from, blockTag: 'pending' });
    while (sent < logs) {
      const inBlock = Math.min(PER_BLOCK, logs - sent);
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < inBlock; i++) {
        const k = sent + i;
        const to = k < paid.length ? paid[k]! : randomAddress();
        const data = encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'transfer',
          args: [to, 1_000_000n],
        });
        calls.push(
          rpc('eth_sendTransaction', [
            { from, to: usdt, data, gas: '0x186a0', nonce: `0x${(nonce++).toString(16)}` },
          ]),
        );
        if (calls.length === 100) await Promise.all(calls.splice(0)); // gentle on the node: 100 in flight
      }
      await Promise.all(calls);
      await rpc('evm_mine', []);
      sent += inBlock;
    }
    await node.setAutomine(true);
    const tipHeight = Number(await node.publicClient.getBlockNumber({ cacheTime: 0 }));
    const blocks = tipHeight - startHeight;
    console.log(
      `(b) ${logs} token Transfer logs mined in ${blocks} blocks (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const s0 = performance.now();
    await watcher.tick();
    while ((watcher.status().processedHeight ?? 0) < tipHeight && !watcher.status().lastError)
      await watcher.tick();
    const seconds = (performance.now() - s0) / 1000;
    const status = watcher.status() as ReturnType<typeof watcher.status> & { logsScanned: number };
    const mem = process.memoryUsage();
    const credited = await handle.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `    ${String(status.watchedAddresses).padStart(7)} watched: ${status.logsScanned} logs in ${blocks} blocks in ${seconds.toFixed(1)} s = ${Math.round((status.logsScanned / seconds) * 60)} logs/min; ` +
        `${credited.n} transfers credited; RSS ${mb(mem.rss)} (${mbDelta(mem.rss - rssBefore)}), heap ${mb(mem.heapUsed)}; error ${status.lastError ?? 'none'}`,
    );
    await watcher.stop();
  } finally {
    await handle.close();
    await database.drop();
  }
}

async function flushGas(node: Hardhat) {
  const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
  const factories = [
    ['v2', await deployForwarderFactory(deployer)],
    ['v1 (before issue 13)', await deployForwarderFactoryV1(deployer)],
  ] as const;
  const token = await deployTestToken({
    ...deployer,
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
    noReturn: true,
  });
  console.log(
    '(c) forwarder flush gas (one flushMany transaction; deploys each clone, moves USDT-like tokens)',
  );
  for (const [version, factory] of factories) {
    // a fresh merchant per version: its first token receipt (a new balance slot) costs the same in both
    const merchant = privateKeyToAccount(generatePrivateKey()).address;
    for (const payments of [1, 50]) {
      const g = await measureFlushGas({
        publicClient: node.publicClient,
        payer: node.wallets[2]!,
        caller: node.wallets[3]!,
        factory,
        token,
        merchant,
        payments,
      });
      console.log(
        `    ${version} ${String(payments).padStart(2)} payment(s): ${g.gasUsed} gas, ${g.perPayment} per payment`,
      );
    }
  }
}

/**
 * (d) The same batches when the payments are under a conversion rule (decision 024): SwapForwarderFactory's flushMany,
 * each deposit address deployed and its ETH swapped to USDT through Uniswap V3 (deployed here from the official npm
 * packages, a 1,000 ETH full-range WETH/USDT 0.3 % pool with an hour of oracle history).
 */
async function swapFlushGas(node: Hardhat) {
  const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
  const uniswap = await deployUniswapV3(deployer);
  const usdt = await deployUsdtLikeTestToken({
    ...deployer,
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
  });
  await createPoolWithLiquidity({
    ...deployer,
    uniswap,
    tokenA: uniswap.weth,
    tokenB: usdt,
    fee: 3000,
    amountA: parseEther('1000'),
    amountB: 3_000_000_000_000n,
  });
  await increaseTime(node.publicClient, 3600);
  const factory = await deploySwapForwarderFactory({
    ...deployer,
    router: uniswap.router,
    weth: uniswap.weth,
    v3Factory: uniswap.v3Factory,
  });
  console.log(
    '(d) swap forwarder flush gas (one flushMany; deploys each clone, swaps 0.02 ETH -> USDT in one pool)',
  );
  const merchant = privateKeyToAccount(generatePrivateKey()).address;
  for (const payments of [1, 50]) {
    const g = await measureSwapFlushGas({
      publicClient: node.publicClient,
      payer: node.wallets[2]!,
      caller: node.wallets[3]!,
      factory,
      route: {
        merchant,
        tokenIn: zeroAddress,
        tokenOut: usdt,
        path: encodeV3Path([uniswap.weth, usdt], [3000]),
        slippageBps: 100,
        twapSeconds: 1800,
      },
      payments,
      amount: parseEther('0.02'),
    });
    console.log(
      `    swap ${String(payments).padStart(2)} payment(s): ${g.gasUsed} gas, ${g.perPayment} per payment (bound ${g.gasBound})`,
    );
  }
}

export async function evmBench({
  payments,
  logs,
  skipLatency = false,
  skipScan = false,
}: {
  payments: number;
  logs: number;
  skipLatency?: boolean;
  skipScan?: boolean;
}) {
  console.log(`EVM watcher benchmark (Hardhat node, PostgreSQL at ${new URL(BASE_URL).host})`);
  const node = await startHardhat();
  try {
    if (!skipLatency) await latency(node, payments);
    if (!skipScan) await scan(node, logs);
    await flushGas(node);
    await swapFlushGas(node);
  } finally {
    await node.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string, fallback: number) => {
    const found = process.argv.find((a) => a.startsWith(`--${name}=`));
    const value = found ? Number(found.split('=')[1]) : fallback;
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return Math.trunc(value);
  };
  await evmBench({
    payments: arg('payments', 50),
    logs: arg('evm-logs', 5000),
    skipLatency: process.argv.includes('--skip-latency'),
    skipScan: process.argv.includes('--skip-scan'),
  });
  process.exit(0);
}
