import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRpcClient, type RpcClient } from '#app/modules/chains/rpc-client.ts';

export const LITECOIND = process.env.LITECOIND_PATH ?? '/usr/bin/litecoind';

/**
 * Whether tests against a real node can run. Missing litecoind: the caller skips with `litecoindMissing`; on CI
 * (CI=true) a missing binary is a failure instead (`.ci/run` installs the Debian package `litecoind`).
 */
export const hasLitecoind = () => fs.existsSync(LITECOIND);
export const litecoindMissing = `${LITECOIND} not found: install it with \`apt-get install -y litecoind\` to run the live-chain tests`;
export function requireLitecoindOnCi() {
  if (!hasLitecoind() && process.env.CI === 'true')
    throw new Error(`${litecoindMissing} (CI=true: required)`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type Litecoind = {
  /** http://u:p@127.0.0.1:<port> (what CHAIN_LITECOIN_RPC_URL takes). */
  url: string;
  rpc: RpcClient;
  /** The node's wallet (a legacy wallet `w`, funded with 101 mined blocks). */
  wallet: RpcClient;
  /** An address of the node's wallet that receives the mined coins. */
  minerAddress: string;
  mine(blocks?: number): Promise<string[]>;
  newAddress(): Promise<string>;
  stop(): Promise<void>;
  pid: number;
};

/**
 * A fresh `litecoind -regtest` (MACHINE-NOTES.md "Chains"): its own temporary datadir and a free RPC port,
 * spawned with -daemon=0 as a child of the test process, ready when RPC answers; a legacy wallet with spendable
 * coins (descriptor wallets are not compiled in). `stop()` stops it over RPC (killed if it lingers) and
 * removes the datadir.
 */
export async function startLitecoind({ fund = true }: { fund?: boolean } = {}): Promise<Litecoind> {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-ltc-'));
  const port = await freePort();
  const args = [
    '-regtest',
    '-server',
    '-daemon=0',
    '-rpcuser=u',
    '-rpcpassword=p',
    `-rpcport=${port}`,
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    '-listen=0',
    `-datadir=${datadir}`,
    '-fallbackfee=0.0001',
    '-txindex',
    '-printtoconsole=0',
    '-rpcworkqueue=64',
    // Litecoin Core refuses BIP125 replacements unless asked (Bitcoin Core accepts them): the RBF test needs it.
    '-mempoolreplacement=1',
  ];
  const child: ChildProcess = spawn(LITECOIND, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A test process that dies before its teardown (a killed worker, a closed pipe) takes its node with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://u:p@127.0.0.1:${port}`;
  const rpc = createRpcClient({ url, timeoutMs: 30_000 });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`litecoind exited (${child.exitCode}): ${stderr}`);
    try {
      await rpc.call('getblockchaininfo');
      break;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`litecoind not ready after 120 s: ${String(err)} ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await rpc.call('createwallet', ['w']);
  const wallet = createRpcClient({ url: `${url}/wallet/w`, timeoutMs: 30_000 });
  const minerAddress = await wallet.call<string>('getnewaddress', ['', 'bech32']);
  const mine = (blocks = 1) => rpc.call<string[]>('generatetoaddress', [blocks, minerAddress]);
  if (fund) await mine(101);
  return {
    url,
    rpc,
    wallet,
    minerAddress,
    mine,
    newAddress: () => wallet.call<string>('getnewaddress', ['', 'bech32']),
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        await rpc.call('stop').catch(() => {});
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
      fs.rmSync(datadir, { recursive: true, force: true });
    },
  };
}
