import { describe, expect, it } from 'vitest';
import {
  CRYPTO_CURRENCIES,
  cryptoDecimals,
  FEATURED_COINS,
  FIAT_CODES,
  FIAT_CURRENCIES,
  getCryptoCurrency,
  getNetwork,
  listCatalogueNetworks,
  listCoins,
  NETWORK_IDS,
  NETWORKS,
  networksOf,
  normalizeNetworkId,
  PAYMENT_LINK_CRYPTOS,
  PLATFORM_FEE_PERCENT_DEFAULT,
} from './currencies.ts';

describe('networks', () => {
  it('are the admin spec list plus dogecoin', () => {
    expect([...NETWORK_IDS].sort()).toEqual(
      [
        'bitcoin',
        'ethereum',
        'binance-smart-chain',
        'polygon',
        'avalanche',
        'cardano',
        'solana',
        'polkadot',
        'litecoin',
        'bitcoin-cash',
        'tron',
        'arbitrum',
        'optimism',
        'other',
        'dogecoin',
      ].sort(),
    );
    for (const id of NETWORK_IDS) expect(NETWORKS[id].id).toBe(id);
  });

  it.each([
    ['bitcoin', '$2-8', '10-60 min', 1],
    ['ethereum', '$5-25', '1-5 min', 12],
    ['tron', '$1-3', '1-3 min', 20],
    ['polygon', '$0.01-0.1', '2-5 s', 128],
    ['bsc', '$0.1-0.5', '3-5 s', 15],
    ['avalanche', '$0.1-1', '1-3 s', 1],
  ])('%s carries the spec table: fee %s, speed %s, %i confirmations', (id, fee, speed, confs) => {
    const n = getNetwork(id);
    expect(n).toMatchObject({ feeText: fee, speedText: speed, requiredConfirmations: confs });
  });

  it('requires 6 confirmations on litecoin and 40 on dogecoin', () => {
    expect(NETWORKS.litecoin.requiredConfirmations).toBe(6);
    expect(NETWORKS.dogecoin.requiredConfirmations).toBe(40);
  });

  it.each([
    ['bsc', 'binance-smart-chain'],
    ['BSC', 'binance-smart-chain'],
    [' Ethereum ', 'ethereum'],
    ['binance-smart-chain', 'binance-smart-chain'],
    ['dogecoin', 'dogecoin'],
    ['bnb', null],
    ['', null],
    ['__proto__', null],
    ['toString', null],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeNetworkId(input)).toBe(expected);
  });

  it('gives EIP-155 chain ids to EVM networks only', () => {
    const evm = Object.fromEntries(
      Object.values(NETWORKS)
        .filter((n) => n.family === 'evm')
        .map((n) => [n.id, n.chainId]),
    );
    expect(evm).toEqual({
      ethereum: 1,
      'binance-smart-chain': 56,
      polygon: 137,
      avalanche: 43114,
      arbitrum: 42161,
      optimism: 10,
    });
    for (const n of Object.values(NETWORKS)) if (n.family !== 'evm') expect(n.chainId).toBeNull();
  });

  it('puts the UTXO chains of the architecture in the utxo family', () => {
    const utxo = Object.values(NETWORKS)
      .filter((n) => n.family === 'utxo')
      .map((n) => n.id)
      .sort();
    expect(utxo).toEqual(['bitcoin', 'bitcoin-cash', 'dogecoin', 'litecoin']);
  });

  it('has a positive whole number of confirmations everywhere', () => {
    for (const n of Object.values(NETWORKS)) {
      expect(Number.isInteger(n.requiredConfirmations)).toBe(true);
      expect(n.requiredConfirmations).toBeGreaterThan(0);
    }
  });
});

describe('cryptocurrencies', () => {
  it.each([
    ['BTC', 'bitcoin', 8],
    ['LTC', 'litecoin', 8],
    ['DOGE', 'dogecoin', 8],
    ['BCH', 'bitcoin-cash', 8],
    ['ETH', 'ethereum', 18],
    ['USDT', 'ethereum', 6],
    ['USDT', 'tron', 6],
    ['USDT', 'polygon', 6],
    ['USDT', 'bsc', 18],
    ['USDT', 'binance-smart-chain', 18],
    ['USDC', 'ethereum', 6],
    ['USDC', 'polygon', 6],
    ['USDC', 'avalanche', 6],
    ['USDC', 'bsc', 18],
    ['DAI', 'ethereum', 18],
    ['BNB', 'bsc', 18],
    ['MATIC', 'polygon', 18],
    ['SOL', 'solana', 9],
    ['ADA', 'cardano', 6],
    ['AVAX', 'avalanche', 18],
    ['LINK', 'ethereum', 18],
    ['usdt', 'BSC', 18],
  ])('%s on %s has %i decimals', (symbol, network, decimals) => {
    expect(cryptoDecimals(symbol, network)).toBe(decimals);
  });

  it('knows nothing of pairs outside the catalogue', () => {
    expect(cryptoDecimals('BTC', 'ethereum')).toBeUndefined();
    expect(cryptoDecimals('XYZ', 'bitcoin')).toBeUndefined();
    expect(getCryptoCurrency('USDT', 'nowhere')).toBeUndefined();
  });

  it('has one entry per (symbol, network), on known networks, with admin-valid symbols and decimals', () => {
    const keys = CRYPTO_CURRENCIES.map((c) => `${c.symbol}/${c.network}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of CRYPTO_CURRENCIES) {
      expect(NETWORK_IDS).toContain(c.network);
      expect(c.symbol).toMatch(/^[A-Z0-9]{2,10}$/);
      expect(c.decimals).toBeGreaterThanOrEqual(0);
      expect(c.decimals).toBeLessThanOrEqual(18);
      expect(c.name.trim()).not.toBe('');
    }
  });

  it('offers the spec link currencies, each in the catalogue, first network as default', () => {
    expect(PAYMENT_LINK_CRYPTOS).toEqual({
      BTC: ['bitcoin'],
      ETH: ['ethereum'],
      USDT: ['ethereum', 'tron', 'polygon', 'binance-smart-chain'],
      USDC: ['ethereum', 'polygon', 'avalanche'],
    });
    for (const [symbol, networks] of Object.entries(PAYMENT_LINK_CRYPTOS))
      for (const n of networks) expect(getCryptoCurrency(symbol, n)).toBeDefined();
  });

  it('lists coins with their networks, featured ones included', () => {
    const coins = listCoins();
    expect(coins.map((c) => c.symbol)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'USDC',
      'LTC',
      'DOGE',
      'BCH',
      'DAI',
      'BNB',
      'MATIC',
      'SOL',
      'ADA',
      'AVAX',
      'LINK',
      'TRX',
    ]);
    expect(coins.find((c) => c.symbol === 'USDT')?.networks).toEqual(networksOf('usdt'));
    for (const f of FEATURED_COINS) expect(coins.some((c) => c.symbol === f)).toBe(true);
    expect(networksOf('NOPE')).toEqual([]);
    const nets = listCatalogueNetworks();
    expect(new Set(nets).size).toBe(nets.length);
    expect(nets).toContain('dogecoin');
    expect(nets).not.toContain('other');
  });
});

describe('fiat currencies', () => {
  it('carry the spec fallback rates as exact decimal strings', () => {
    const rates = Object.fromEntries(FIAT_CODES.map((c) => [c, FIAT_CURRENCIES[c].fallbackRate]));
    expect(rates).toEqual({
      USD: '1',
      EUR: '0.85',
      GBP: '0.73',
      JPY: '110',
      CAD: '1.25',
      AUD: '1.35',
      CHF: '0.92',
      CNY: '6.45',
    });
    for (const c of FIAT_CODES) {
      expect(FIAT_CURRENCIES[c].code).toBe(c);
      expect(FIAT_CURRENCIES[c].symbol).not.toBe('');
      expect(FIAT_CURRENCIES[c].fallbackRate).toMatch(/^\d+(\.\d+)?$/);
    }
  });

  it('step JPY by whole units', () => {
    expect(FIAT_CURRENCIES.JPY.decimals).toBe(0);
    expect(FIAT_CURRENCIES.USD.decimals).toBe(2);
  });

  it('defaults the platform fee to 1 percent', () => {
    expect(PLATFORM_FEE_PERCENT_DEFAULT).toBe('1');
  });
});
