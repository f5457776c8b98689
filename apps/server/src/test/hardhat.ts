import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  toHex,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { freePort } from './litecoind.ts';

/** Hardhat's default mnemonic: its first 20 accounts are funded with 10,000 ETH each. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
/** Private keys of the first five funded accounts. */
export const HARDHAT_KEYS: readonly Hex[] = [0, 1, 2, 3, 4].map((addressIndex) => {
  const key = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex }).getHdKey().privateKey;
  if (!key) throw new Error('no private key');
  return toHex(key);
});

export type Hardhat = {
  /** http://127.0.0.1:<port> (what CHAIN_<NETWORK>_RPC_URL takes). */
  url: string;
  chainId: number;
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  /** Wallet clients of the funded default accounts, in order (account 0 deploys by convention). */
  wallets: WalletClient<Transport, Chain, Account>[];
  /** Mines `blocks` empty blocks (hardhat_mine). */
  mine(blocks?: number): Promise<void>;
  /** Turns automining off (transactions wait in the mempool until `mine`) or back on. */
  setAutomine(on: boolean): Promise<void>;
  /** evm_snapshot / evm_revert: a revert drops every block after the snapshot (a reorganisation). */
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  stop(): Promise<void>;
  pid: number;
};

const require = createRequire(import.meta.url);

/**
 * A fresh Hardhat 2 node (MACHINE-NOTES.md "EVM") on a free port, chain id 31337, spawned as a child of the test
 * process and ready when `eth_chainId` answers. Hardhat refuses to run from outside the project, so its CLI is
 * resolved from the project's node_modules and given a config in a temporary directory. Hardhat is an npm
 * devDependency: it is always there, nothing to skip.
 */
export async function startHardhat({ chainId = 31337 }: { chainId?: number } = {}): Promise<Hardhat> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-hardhat-'));
  const config = path.join(dir, 'hardhat.config.cjs');
  fs.writeFileSync(config, `module.exports = { networks: { hardhat: { chainId: ${chainId} } } };\n`);
  const cli = path.join(path.dirname(require.resolve('hardhat/package.json')), 'internal/cli/cli.js');
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--config', config, '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: path.dirname(require.resolve('hardhat/package.json')),
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: chainId,
    name: 'hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  // viem's default 10 s per request is too short for a large transaction on a loaded CI machine (2026-11-29); 60 s
  // was too short for the 50-payment swap flush of swap-contracts.test.ts on a slower one (2026-11-30). A new
  // connection for each request: a kept-alive one that the node's server closed after its 5 idle seconds was reused
  // by fetch, whose own 4 s timer ran late under CI's load (ECONNRESET, 2026-12-01); requests are not retried (a
  // transaction is not sent twice).
  const transport = http(url, {
    retryCount: 0,
    timeout: 180_000,
    fetchOptions: { headers: { connection: 'close' } },
  });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });
  // a cold start on a loaded 2-core machine: over 30 s at times (2026-11-30)
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited (${child.exitCode}): ${stderr}`);
    try {
      await publicClient.getChainId();
      break;
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`hardhat node not ready after 120 s: ${String(err)} ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const rpc = (method: string, params: unknown[] = []) =>
    publicClient.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const wallets = HARDHAT_KEYS.map((key) =>
    createWalletClient({ account: privateKeyToAccount(key), chain, transport }),
  );
  return {
    url,
    chainId,
    chain,
    publicClient,
    wallets,
    pid: child.pid!,
    async mine(blocks = 1) {
      await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    async setAutomine(on) {
      await rpc('evm_setAutomine', [on]);
    },
    snapshot: () => rpc('evm_snapshot') as Promise<Hex>,
    async revert(id) {
      const ok = await rpc('evm_revert', [id]);
      if (ok !== true) throw new Error(`evm_revert(${id}) refused`);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
