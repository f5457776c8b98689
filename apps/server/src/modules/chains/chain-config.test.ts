import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#app/config.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { chainEnvPrefix, chainsFromEnv, UTXO_NETWORK_IDS } from './chain-config.ts';
import { isLiveNetwork } from './is-live-network.ts';
import { createLeaderLock } from './leader-lock.ts';

describe('chain configuration', () => {
  it('reads CHAIN_<NETWORK>_RPC_URL and _MODE for every UTXO network', () => {
    expect([...UTXO_NETWORK_IDS].sort()).toEqual(['bitcoin', 'bitcoin-cash', 'dogecoin', 'litecoin']);
    expect(chainEnvPrefix('bitcoin-cash')).toBe('CHAIN_BITCOIN_CASH_');
    const chains = chainsFromEnv({
      CHAIN_LITECOIN_RPC_URL: 'http://u:p@127.0.0.1:19443',
      CHAIN_LITECOIN_MODE: 'regtest',
      CHAIN_BITCOIN_CASH_RPC_URL: 'http://u:p@127.0.0.1:8332',
    });
    expect(chains).toEqual([
      { network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:19443', mode: 'regtest' },
      { network: 'bitcoin-cash', rpcUrl: 'http://u:p@127.0.0.1:8332', mode: 'mainnet' },
    ]);
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_LITECOIN_RPC_URL: 'http://u:p@127.0.0.1:19443' });
    expect(config.configuredChains.map((c) => c.network)).toEqual(['litecoin']);
    expect(isLiveNetwork({ network: 'litecoin', config })).toBe(true);
    expect(isLiveNetwork({ network: 'dogecoin', config })).toBe(false);
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
