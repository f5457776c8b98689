import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { swapForwarderFactoryAbi } from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import { deployTestToken, deterministicSwapFactoryAddress } from '@coinlane/contracts/deploy';
import { forwarderImplementationAddress } from '@coinlane/contracts/forwarder-address';
import { swapForwarderCodeVersion } from '@coinlane/contracts/known-code';
import { deployUniswapV3, type Uniswap } from '@coinlane/contracts/uniswap-test-deploy';
import { T } from '@coinlane/core/texts';
import { type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { runDeploySwapFactory } from './deploy-swap-factory-command.ts';

// `npm run evm:deploy-swap-factory` (tsx src/cli/deploy-swap-factory.ts) against a Hardhat node with Uniswap V3
// deployed from the official npm artifacts: the swap factory bound to that router, wrapped coin and V3 factory at
// its deterministic address, with the code the watcher accepts; every bad input refused with its reason before
// anything is sent. The command runs as its own process (tsx, as npm runs it) for a refusal and for the deployments;
// the other refusals call the same command in this process (runDeploySwapFactory, which the process runs), as a
// process each took about 5 s of CPU to start.

const serverDir = path.resolve(import.meta.dirname, '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

describe('npm run evm:deploy-swap-factory', () => {
  let node: Hardhat;
  let uniswap: Uniswap;
  let token: Address;

  const envOf = (env: Record<string, string>) => ({
    ...process.env,
    CHAIN_ETHEREUM_RPC_URL: node.url,
    CHAIN_ETHEREUM_MODE: 'regtest',
    DEPLOYER_KEY: HARDHAT_KEYS[4]!,
    ...env,
  });
  /** Runs the command as its own process with `args`; its exit code, stdout and stderr. */
  async function run(args: string[], env: Record<string, string> = {}) {
    try {
      const { stdout, stderr } = await promisify(execFile)(tsx, ['src/cli/deploy-swap-factory.ts', ...args], {
        cwd: serverDir,
        env: envOf(env),
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  /** The same command in this process: its exit code and what it wrote to each stream. */
  async function runHere(args: string[], env: Record<string, string> = {}) {
    let stdout = '';
    let stderr = '';
    const code = await runDeploySwapFactory(args, {
      env: envOf(env),
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
    });
    return { code, stdout, stderr };
  }
  const addresses = (over: Partial<Record<'router' | 'weth' | 'v3-factory', string>> = {}) => {
    const all = { router: uniswap.router, weth: uniswap.weth, 'v3-factory': uniswap.v3Factory, ...over };
    return Object.entries(all).flatMap(([k, v]) => [`--${k}`, v]);
  };

  beforeAll(async () => {
    loadArtifacts();
    node = await startHardhat();
    const clients = { wallet: node.wallets[0]!, publicClient: node.publicClient };
    uniswap = await deployUniswapV3(clients);
    token = await deployTestToken({ ...clients, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('refuses bad input with its reason, sending nothing', async () => {
    const nonce = await node.publicClient.getTransactionCount({ address: node.wallets[4]!.account.address });
    const cases: [string[], number, string | RegExp][] = [
      [['--network', 'ethereum'], 64, 'Missing --router, --weth, --v3-factory.'],
      [['--network', 'ethereum', '--router', uniswap.router], 64, 'Missing --weth, --v3-factory.'],
      [addresses(), 64, 'Missing --network.'],
      [['--network', 'ethereum', '--routr', uniswap.router], 64, /Unknown option '--routr'/],
      [
        ['--network', 'ethereum', ...addresses({ weth: '0x1234' })],
        64,
        `--weth 0x1234: ${T.evmAddressInvalid}`,
      ],
      [
        // one letter's case changed: the EIP-55 checksum catches it
        ['--network', 'ethereum', ...addresses({ router: flipCase(uniswap.router) })],
        64,
        `--router ${flipCase(uniswap.router)}: ${T.evmAddressChecksum}`,
      ],
      [
        [
          '--network',
          'ethereum',
          ...addresses({ 'v3-factory': '0x0000000000000000000000000000000000000000' }),
        ],
        64,
        '--v3-factory: the zero address is not a contract.',
      ],
      [
        ['--network', 'ethereum', ...addresses({ weth: uniswap.router })],
        64,
        '--router, --weth and --v3-factory must be three different contracts.',
      ],
      [
        ['--network', 'polygon', ...addresses()],
        64,
        /^polygon: not an EVM network with a node configured \(CHAIN_POLYGON_RPC_URL\)/,
      ],
      [['--network', 'litecoin', ...addresses()], 64, /^litecoin: not an EVM network with a node configured/],
      [
        ['--network', 'ethereum', ...addresses({ router: '0x000000000000000000000000000000000000bEEF' })],
        65,
        `--router 0x000000000000000000000000000000000000bEEF: no contract at this address on the ethereum node (chain 31337). Check that it is the address on this chain.`,
      ],
      [
        // the position manager answers WETH9() and factory() as the router does, but is not one
        ['--network', 'ethereum', ...addresses({ router: uniswap.positionManager })],
        65,
        `--router ${uniswap.positionManager}: this contract does not answer positionManager(): it is not Uniswap's SwapRouter02.`,
      ],
      [
        ['--network', 'ethereum', ...addresses({ weth: token })],
        65,
        `--weth ${token}: the router swaps through ${uniswap.weth} (its WETH9()), not this contract. Give the router's own wrapped native coin.`,
      ],
      [
        ['--network', 'ethereum', ...addresses({ 'v3-factory': uniswap.positionManager })],
        65,
        `--v3-factory ${uniswap.positionManager}: the router finds its pools through ${uniswap.v3Factory} (its factory()), not this contract. Give the router's own Uniswap V3 factory.`,
      ],
    ];
    for (const [i, [args, code, message]] of cases.entries()) {
      // the first as a process of its own: its exit code and streams as npm gives them
      const result = i === 0 ? await run(args) : await runHere(args);
      expect(result.stdout, `${i}: ${args.join(' ')}`).toBe('');
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(code);
      if (typeof message === 'string') expect(result.stderr.trim()).toContain(message);
      else expect(result.stderr.trim()).toMatch(message);
    }
    // a key that is not one, and a node of another chain than configured
    expect(await runHere(['--network', 'ethereum', ...addresses()], { DEPLOYER_KEY: '0x12' })).toMatchObject({
      code: 78,
      stderr: expect.stringContaining(
        "Set DEPLOYER_KEY (or CHAIN_ETHEREUM_GAS_KEY) to the deployer's private key",
      ),
    });
    expect(
      await runHere(['--network', 'ethereum', ...addresses()], {
        CHAIN_ETHEREUM_CHAIN_ID: '1',
        CHAIN_ETHEREUM_MODE: 'mainnet',
      }),
    ).toMatchObject({
      code: 78,
      stderr: expect.stringContaining('is chain 31337, not 1: refusing to deploy'),
    });
    expect(await node.publicClient.getTransactionCount({ address: node.wallets[4]!.account.address })).toBe(
      nonce,
    );
  });

  it('deploys the factory bound to the chain’s Uniswap contracts at its deterministic address, once', async () => {
    const config = { router: uniswap.router, weth: uniswap.weth, v3Factory: uniswap.v3Factory };
    const expected = deterministicSwapFactoryAddress(config);
    const first = await run(['--network', 'ethereum', ...addresses()]);
    expect(first.code, first.stderr).toBe(0);
    expect(getAddress(first.stdout.trim())).toBe(expected);
    expect(first.stderr).toContain(`Done. Set CHAIN_ETHEREUM_SWAP_FACTORY=${expected}`);
    // the code the watcher accepts, bound to these three contracts
    const factoryCode = await node.publicClient.getCode({ address: expected });
    const implementationCode = await node.publicClient.getCode({
      address: forwarderImplementationAddress(expected),
    });
    expect(
      swapForwarderCodeVersion({
        factory: expected,
        config,
        factoryCode: factoryCode!,
        implementationCode: implementationCode!,
      }),
    ).toBe('swap-v1');
    for (const [functionName, value] of [
      ['router', uniswap.router],
      ['weth', uniswap.weth],
      ['v3Factory', uniswap.v3Factory],
    ] as const) {
      expect(
        await node.publicClient.readContract({
          address: expected,
          abi: swapForwarderFactoryAbi,
          functionName,
        }),
      ).toBe(value);
    }
    // again (lower-case addresses are accepted): already there, nothing sent
    const nonce = await node.publicClient.getTransactionCount({ address: node.wallets[4]!.account.address });
    const again = await run([
      '--network',
      'Ethereum',
      ...addresses({
        router: uniswap.router.toLowerCase(),
        weth: uniswap.weth.toLowerCase(),
        'v3-factory': uniswap.v3Factory.toLowerCase(),
      }),
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(getAddress(again.stdout.trim())).toBe(expected);
    expect(again.stderr).toContain(`Already deployed on this chain at ${expected}.`);
    expect(await node.publicClient.getTransactionCount({ address: node.wallets[4]!.account.address })).toBe(
      nonce,
    );
  });
});

/** The address with the case of its first letter changed: the same address, a wrong EIP-55 checksum. */
function flipCase(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  return (
    address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1)
  );
}
