import { UTXO_NODE_READING } from '@coinlane/core/families/utxo/utxo-nodes';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#app/config.ts';
import { REDACT_PATHS } from '#app/http/log.ts';
import { chainEnvPrefix, chainsFromEnv, networksOfFamily } from '#app/lib/chain-config.ts';
import { isLiveNetwork } from '#app/lib/is-live-network.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { createLeaderLock } from './leader-lock.ts';

describe('chain configuration', () => {
  it('reads CHAIN_<NETWORK>_RPC_URL and _MODE for every UTXO network', () => {
    expect([...networksOfFamily('utxo')].sort()).toEqual(['bitcoin', 'bitcoin-cash', 'dogecoin', 'litecoin']);
    expect(chainEnvPrefix('bitcoin-cash')).toBe('CHAIN_BITCOIN_CASH_');
    const chains = chainsFromEnv({
      CHAIN_LITECOIN_RPC_URL: 'http://u:p@127.0.0.1:19443',
      CHAIN_LITECOIN_MODE: 'regtest',
      CHAIN_BITCOIN_CASH_RPC_URL: 'http://u:p@127.0.0.1:8332',
    });
    expect(chains).toEqual([
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:19443', mode: 'regtest' },
      { family: 'utxo', network: 'bitcoin-cash', rpcUrl: 'http://u:p@127.0.0.1:8332', mode: 'mainnet' },
    ]);
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_LITECOIN_RPC_URL: 'http://u:p@127.0.0.1:19443' });
    expect(config.configuredChains.map((c) => c.network)).toEqual(['litecoin']);
    expect(isLiveNetwork({ network: 'litecoin', config })).toBe(true);
    expect(isLiveNetwork({ network: 'dogecoin', config })).toBe(false);
  });

  it('configures Bitcoin Cash and Dogecoin nodes by URL and mode, read the way each node answers', () => {
    const chains = chainsFromEnv({
      CHAIN_BITCOIN_CASH_RPC_URL: 'http://u:p@127.0.0.1:18443',
      CHAIN_BITCOIN_CASH_MODE: 'regtest',
      CHAIN_DOGECOIN_RPC_URL: 'http://u:p@127.0.0.1:44555',
      CHAIN_DOGECOIN_MODE: 'Testnet',
    });
    expect(chains).toEqual([
      { family: 'utxo', network: 'bitcoin-cash', rpcUrl: 'http://u:p@127.0.0.1:18443', mode: 'regtest' },
      { family: 'utxo', network: 'dogecoin', rpcUrl: 'http://u:p@127.0.0.1:44555', mode: 'testnet' },
    ]);
    // Blocks of Bitcoin Cash Node decoded in one call; Dogecoin Core 1.14 (no verbosity 2) by txids, then each one.
    expect(UTXO_NODE_READING['bitcoin-cash'].blocks).toBe('decoded');
    expect(UTXO_NODE_READING.dogecoin.blocks).toBe('txids');
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_DOGECOIN_RPC_URL: 'http://u:p@127.0.0.1:44555' });
    expect(isLiveNetwork({ network: 'dogecoin', config })).toBe(true);
    expect(isLiveNetwork({ network: 'bitcoin-cash', config })).toBe(false);
    expect(() => chainsFromEnv({ CHAIN_DOGECOIN_RPC_URL: 'http://u:p@127.0.0.1' })).toThrow(
      /CHAIN_DOGECOIN_RPC_URL: must be an http:\/\/ URL with a port/,
    );
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CHAIN_BITCOIN_RPC_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', CHAIN_BITCOIN_RPC_URL: 'ftp://x' })).toThrow(
      /CHAIN_BITCOIN_RPC_URL/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        CHAIN_DOGECOIN_RPC_URL: 'http://u:p@h:22555',
        CHAIN_DOGECOIN_MODE: 'prod',
      }),
    ).toThrow(/CHAIN_DOGECOIN_MODE: must be one of mainnet, testnet, regtest/);
    expect(() => loadConfig({ NODE_ENV: 'test', CHAIN_LITECOIN_MODE: 'regtest' })).toThrow(
      /CHAIN_LITECOIN_MODE: is set but CHAIN_LITECOIN_RPC_URL is not/,
    );
  });

  it('reads the EVM variables: chain id per mode, tokens, factory and gas key', () => {
    expect([...networksOfFamily('evm')].sort()).toEqual([
      'arbitrum',
      'avalanche',
      'binance-smart-chain',
      'ethereum',
      'optimism',
      'polygon',
    ]);
    const key = `0x${'ab'.repeat(32)}`;
    const chains = chainsFromEnv({
      CHAIN_ETHEREUM_RPC_URL: 'http://127.0.0.1:8545',
      CHAIN_ETHEREUM_MODE: 'regtest',
      CHAIN_ETHEREUM_TOKENS:
        'usdt:0x5fbdb2315678afecb367f032d93f642f64180aa3, USDC:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      CHAIN_ETHEREUM_FACTORY: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
      CHAIN_ETHEREUM_GAS_KEY: key,
      CHAIN_ETHEREUM_MAX_GAS_GWEI: '42.5',
      CHAIN_ETHEREUM_SWAP_FACTORY: '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9',
      CHAIN_ETHEREUM_SWAP_TWAP_SECONDS: '600',
      CHAIN_POLYGON_RPC_URL: 'https://polygon-rpc.example.com/v1/secret',
      CHAIN_BINANCE_SMART_CHAIN_RPC_URL: 'http://127.0.0.1:8546',
      CHAIN_BINANCE_SMART_CHAIN_MODE: 'testnet',
      CHAIN_ARBITRUM_RPC_URL: 'http://127.0.0.1:8547',
      CHAIN_ARBITRUM_MODE: 'regtest',
      CHAIN_ARBITRUM_CHAIN_ID: '412346',
    });
    expect(chains).toEqual([
      {
        family: 'evm',
        network: 'ethereum',
        rpcUrl: 'http://127.0.0.1:8545',
        mode: 'regtest',
        chainId: null,
        tokens: {
          USDT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          USDC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
        },
        factory: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
        gasKey: key,
        maxGasPrice: 42_500_000_000n,
        swapFactory: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
        swapTwapSeconds: 600,
      },
      {
        family: 'evm',
        network: 'binance-smart-chain',
        rpcUrl: 'http://127.0.0.1:8546',
        mode: 'testnet',
        chainId: 97,
        tokens: {},
        factory: null,
        gasKey: null,
        maxGasPrice: null,
        swapFactory: null,
        swapTwapSeconds: 1800,
      },
      {
        family: 'evm',
        network: 'polygon',
        rpcUrl: 'https://polygon-rpc.example.com/v1/secret',
        mode: 'mainnet',
        chainId: 137,
        tokens: {},
        factory: null,
        gasKey: null,
        maxGasPrice: null,
        swapFactory: null,
        swapTwapSeconds: 1800,
      },
      {
        family: 'evm',
        network: 'arbitrum',
        rpcUrl: 'http://127.0.0.1:8547',
        mode: 'regtest',
        chainId: 412346,
        tokens: {},
        factory: null,
        gasKey: null,
        maxGasPrice: null,
        swapFactory: null,
        swapTwapSeconds: 1800,
      },
    ]);
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_POLYGON_RPC_URL: 'http://127.0.0.1:8545' });
    expect(isLiveNetwork({ network: 'polygon', config })).toBe(true);
    expect(isLiveNetwork({ network: 'ethereum', config })).toBe(false);
  });

  it.each([
    [
      { CHAIN_ETHEREUM_FACTORY: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0' },
      /CHAIN_ETHEREUM_FACTORY: is set but CHAIN_ETHEREUM_RPC_URL is not/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'ws://127.0.0.1:8546' },
      /CHAIN_ETHEREUM_RPC_URL: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_CHAIN_ID: '5' },
      /CHAIN_ETHEREUM_CHAIN_ID: ethereum mainnet is chain id 1/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_MODE: 'testnet', CHAIN_ETHEREUM_CHAIN_ID: '5' },
      /CHAIN_ETHEREUM_CHAIN_ID: the ethereum testnets are chain ids 11155111, 17000, 560048/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_CHAIN_ID: 'one' },
      /CHAIN_ETHEREUM_CHAIN_ID: must be a positive integer/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_TOKENS: 'USDT' },
      /CHAIN_ETHEREUM_TOKENS: each entry is SYMBOL:0xCONTRACT/,
    ],
    [
      {
        CHAIN_ETHEREUM_RPC_URL: 'http://h:1',
        CHAIN_ETHEREUM_TOKENS: 'ETH:0x5fbdb2315678afecb367f032d93f642f64180aa3',
      },
      /CHAIN_ETHEREUM_TOKENS: ETH is not a token of ethereum \(known: USDT, USDC, DAI, LINK\)/,
    ],
    [
      {
        CHAIN_ETHEREUM_RPC_URL: 'http://h:1',
        CHAIN_ETHEREUM_TOKENS: 'USDT:0x5FbDB2315678afecb367f032d93F642f64180aA3',
      },
      /CHAIN_ETHEREUM_TOKENS: USDT: Invalid checksum/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_FACTORY: '0x1234' },
      /CHAIN_ETHEREUM_FACTORY: This is not a valid EVM address/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_MAX_GAS_GWEI: '0' },
      /CHAIN_ETHEREUM_MAX_GAS_GWEI: must be a positive number of gwei/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_SWAP_FACTORY: '0x12' },
      /CHAIN_ETHEREUM_SWAP_FACTORY: This is not a valid EVM address/,
    ],
    [
      { CHAIN_ETHEREUM_RPC_URL: 'http://h:1', CHAIN_ETHEREUM_SWAP_TWAP_SECONDS: '30' },
      /CHAIN_ETHEREUM_SWAP_TWAP_SECONDS: must be a whole number of seconds from 60 to 86400/,
    ],
    [
      { CHAIN_ETHEREUM_MAX_GAS_GWEI: '50' },
      /CHAIN_ETHEREUM_MAX_GAS_GWEI: is set but CHAIN_ETHEREUM_RPC_URL is not/,
    ],
  ])('names the bad EVM variable (%o)', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });

  it('never echoes the gas key in a configuration error', () => {
    const key = `0x${'cd'.repeat(31)}`; // one byte short
    let text = '';
    try {
      loadConfig({ NODE_ENV: 'test', CHAIN_OPTIMISM_RPC_URL: 'http://h:1', CHAIN_OPTIMISM_GAS_KEY: key });
    } catch (err) {
      text = (err as Error).message;
    }
    expect(text).toMatch(/CHAIN_OPTIMISM_GAS_KEY: must be a private key of 64 hexadecimal characters/);
    expect(text).not.toContain('cdcd');
  });

  it('redacts the gas key when a chain config is logged', () => {
    const key = `0x${'ef'.repeat(32)}`;
    const [chain] = chainsFromEnv({ CHAIN_OPTIMISM_RPC_URL: 'http://h:1', CHAIN_OPTIMISM_GAS_KEY: key });
    const lines: string[] = [];
    const log = pino(
      { redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      { write: (l: string) => lines.push(l) },
    );
    log.info({ chain }, 'one level');
    log.info({ config: { configuredChains: [chain] } }, 'in the config');
    log.info({ configuredChains: [chain] }, 'the list');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).not.toContain('efef');
    expect(lines[0]).toContain('[redacted]');
  });

  it('reads the Tron variables: URL, mode, TronGrid API key and TRC-20 tokens', () => {
    expect([...networksOfFamily('tron')]).toEqual(['tron']);
    expect(
      chainsFromEnv({
        CHAIN_TRON_RPC_URL: 'https://api.trongrid.io',
        CHAIN_TRON_API_KEY: '2f9b6c1e-0a4d-4e8b-9c3f-7d5a1b2c3d4e',
      }),
    ).toEqual([
      {
        family: 'tron',
        network: 'tron',
        rpcUrl: 'https://api.trongrid.io',
        mode: 'mainnet',
        apiKey: '2f9b6c1e-0a4d-4e8b-9c3f-7d5a1b2c3d4e',
        tokens: {},
      },
    ]);
    expect(
      chainsFromEnv({
        CHAIN_TRON_RPC_URL: 'http://127.0.0.1:8090',
        CHAIN_TRON_MODE: 'regtest',
        CHAIN_TRON_TOKENS: ' usdt:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ',
      }),
    ).toEqual([
      {
        family: 'tron',
        network: 'tron',
        rpcUrl: 'http://127.0.0.1:8090',
        mode: 'regtest',
        apiKey: null,
        tokens: { USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      },
    ]);
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_TRON_RPC_URL: 'http://127.0.0.1:8090' });
    expect(isLiveNetwork({ network: 'tron', config })).toBe(true);
  });

  it.each([
    [{ CHAIN_TRON_API_KEY: 'abc' }, /CHAIN_TRON_API_KEY: is set but CHAIN_TRON_RPC_URL is not/],
    [{ CHAIN_TRON_TOKENS: 'USDT:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, /CHAIN_TRON_TOKENS: is set but/],
    [
      { CHAIN_TRON_RPC_URL: 'grpc://127.0.0.1:50051' },
      /CHAIN_TRON_RPC_URL: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [{ CHAIN_TRON_RPC_URL: 'http://h:8090', CHAIN_TRON_MODE: 'shasta' }, /CHAIN_TRON_MODE: must be one of/],
    [
      { CHAIN_TRON_RPC_URL: 'http://h:8090', CHAIN_TRON_TOKENS: 'USDT' },
      /CHAIN_TRON_TOKENS: each entry is SYMBOL:CONTRACT/,
    ],
    [
      { CHAIN_TRON_RPC_URL: 'http://h:8090', CHAIN_TRON_TOKENS: 'TRX:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      /CHAIN_TRON_TOKENS: TRX is not a token of tron \(known: USDT\)/,
    ],
    [
      // one character changed: the checksum fails
      { CHAIN_TRON_RPC_URL: 'http://h:8090', CHAIN_TRON_TOKENS: 'USDT:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' },
      /CHAIN_TRON_TOKENS: USDT: /,
    ],
    [
      {
        CHAIN_TRON_RPC_URL: 'http://h:8090',
        CHAIN_TRON_TOKENS: 'USDT:0xdac17f958d2ee523a2206206994597c13d831ec7',
      },
      /CHAIN_TRON_TOKENS: USDT: /,
    ],
  ])('names the bad Tron variable (%o)', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });

  it('never echoes the Tron API key in a configuration error, and redacts it when a chain config is logged', () => {
    const bad = 'secret-part with-a-space';
    let text = '';
    try {
      loadConfig({ NODE_ENV: 'test', CHAIN_TRON_RPC_URL: 'http://h:8090', CHAIN_TRON_API_KEY: bad });
    } catch (err) {
      text = (err as Error).message;
    }
    expect(text).toMatch(/CHAIN_TRON_API_KEY: must be the API key TronGrid gave/);
    expect(text).not.toContain('secret-part');

    const key = 'a1b2c3d4-tron-grid-key-e5f6';
    const [chain] = chainsFromEnv({ CHAIN_TRON_RPC_URL: 'https://api.trongrid.io', CHAIN_TRON_API_KEY: key });
    const lines: string[] = [];
    const log = pino(
      { redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      { write: (l: string) => lines.push(l) },
    );
    log.info({ chain }, 'one level');
    log.info({ config: { configuredChains: [chain] } }, 'in the config');
    log.info({ configuredChains: [chain] }, 'the list');
    log.info({ request: { headers: { 'tron-pro-api-key': key } } }, 'a request to the node');
    expect(lines).toHaveLength(4);
    for (const l of lines) {
      expect(l).not.toContain(key);
      expect(l).toContain('[redacted]');
    }
  });

  it('elects one watcher per network with an advisory lock (PostgreSQL; PGlite holds it trivially)', async () => {
    const handle = await createTestDb();
    try {
      const a = createLeaderLock({ dbHandle: handle, network: 'litecoin' });
      const b = createLeaderLock({ dbHandle: handle, network: 'litecoin' });
      const other = createLeaderLock({ dbHandle: handle, network: 'bitcoin' });
      expect(await a.acquire()).toBe(true);
      expect(await other.acquire()).toBe(true);
      if (handle.engine === 'postgres') {
        expect(await b.acquire()).toBe(false);
        await a.release();
        expect(await b.acquire()).toBe(true);
      }
      await Promise.all([a.release(), b.release(), other.release()]);
    } finally {
      await handle.close();
    }
  });
});
