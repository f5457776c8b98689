import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import { describe, expect, it } from 'vitest';
import { formatRate } from '../../../lib/amounts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  amountStep,
  createLinkProblem,
  type LinkFormValues,
  networkFor,
  previewCoinPrice,
  previewCryptoAmount,
  returnUrlProblem,
  validateLinkForm,
} from './link-form.ts';

const net = (id: string, decimals = 6) => ({
  id,
  name: id,
  decimals,
  requiredConfirmations: 1,
  feeText: null,
  speedText: null,
});
const CURRENCIES: TCurrencyOption[] = [
  { symbol: 'BTC', name: 'Bitcoin', networks: [net('bitcoin', 8)] },
  { symbol: 'ETH', name: 'Ethereum', networks: [net('ethereum', 18)] },
  {
    symbol: 'USDT',
    name: 'Tether USD',
    networks: [net('ethereum'), net('tron'), net('polygon'), net('binance-smart-chain', 18)],
  },
  { symbol: 'USDC', name: 'USD Coin', networks: [net('ethereum'), net('polygon'), net('avalanche')] },
];
// Units per 1 USD, as GET /exchange-rates answers.
const RATES = {
  BTC: '0.0000105263157894736842',
  ETH: '0.000285714285714285714',
  USDT: '1',
  EUR: '0.85',
  JPY: '110',
};
const form = (v: Partial<LinkFormValues>): LinkFormValues => ({
  fiatAmount: '100',
  fiatCurrency: 'USD',
  crypto: 'BTC',
  network: 'bitcoin',
  description: '',
  expiresInHours: 24,
  returnUrl: '',
  ...v,
});

describe('the network follows the coin (merchant spec 4)', () => {
  it('keeps a network valid for the coin, else takes its first', () => {
    expect(networkFor(CURRENCIES, 'USDT', 'polygon')).toBe('polygon');
    expect(networkFor(CURRENCIES, 'USDT', 'bitcoin')).toBe('ethereum');
    expect(networkFor(CURRENCIES, 'USDC', 'tron')).toBe('ethereum');
    expect(networkFor(CURRENCIES, 'USDC', 'avalanche')).toBe('avalanche');
    expect(networkFor(CURRENCIES, 'BTC', 'polygon')).toBe('bitcoin');
    expect(networkFor(CURRENCIES, 'XYZ', 'polygon')).toBe('');
  });
});

describe('amount step (merchant spec 5)', () => {
  it('is 1 for JPY and 0.01 otherwise', () => {
    expect(amountStep('JPY')).toBe('1');
    expect(amountStep('USD')).toBe('0.01');
    expect(amountStep('EUR')).toBe('0.01');
  });
});

describe('the live crypto preview', () => {
  it('is fiat / fiatRate * cryptoRate, rounded up at 8 decimals or 2 for stablecoins', () => {
    expect(previewCryptoAmount(form({}), RATES, 8)).toBe('0.00105264');
    expect(previewCryptoAmount(form({ fiatCurrency: 'EUR', fiatAmount: '85' }), RATES, 8)).toBe('0.00105264');
    expect(previewCryptoAmount(form({ crypto: 'USDT', fiatAmount: '10.005' }), RATES, 6)).toBeNull();
    expect(previewCryptoAmount(form({ crypto: 'USDT', fiatAmount: '12.34' }), RATES, 6)).toBe('12.34');
    expect(
      previewCryptoAmount(form({ crypto: 'USDT', fiatCurrency: 'JPY', fiatAmount: '1000' }), RATES, 6),
    ).toBe('9.1');
  });
  it('is absent without an amount or a rate', () => {
    expect(previewCryptoAmount(form({ fiatAmount: '' }), RATES, 8)).toBeNull();
    expect(previewCryptoAmount(form({ fiatAmount: '0' }), RATES, 8)).toBeNull();
    expect(previewCryptoAmount(form({ crypto: 'USDC' }), RATES, 6)).toBeNull();
  });
});

describe('the rate beside the preview', () => {
  it('is the price of one coin in the form’s currency (fiatRate / cryptoRate), exact to 18 digits', () => {
    // The rates are decimal strings of 1/95000: the price is as exact as they are, and rounds to cents when shown.
    expect(previewCoinPrice({ fiatCurrency: 'USD', crypto: 'BTC' }, RATES)).toBe('95000.0000000000001');
    expect(formatRate(previewCoinPrice({ fiatCurrency: 'USD', crypto: 'BTC' }, RATES)!, 'USD', 'en')).toBe(
      '$95,000.00',
    );
    expect(formatRate(previewCoinPrice({ fiatCurrency: 'EUR', crypto: 'BTC' }, RATES)!, 'EUR', 'de')).toBe(
      '80.750,00\u00a0€',
    );
    expect(previewCoinPrice({ fiatCurrency: 'USD', crypto: 'USDC' }, RATES)).toBeNull();
  });
});

describe('validation (merchant spec 5)', () => {
  it('asks for a valid amount, an available rate, and a network for a coin on several', () => {
    for (const fiatAmount of ['', '0', '-5', 'abc', '1e3', '0.001']) {
      expect(validateLinkForm(form({ fiatAmount }), CURRENCIES, RATES), fiatAmount).toEqual({
        key: 'validAmount',
      });
    }
    expect(validateLinkForm(form({ fiatCurrency: 'JPY', fiatAmount: '10.5' }), CURRENCIES, RATES)).toEqual({
      key: 'validAmount',
    });
    expect(validateLinkForm(form({ crypto: 'USDC', network: 'ethereum' }), CURRENCIES, RATES)).toEqual({
      key: 'rateNotAvailable',
      currency: 'USDC',
    });
    expect(validateLinkForm(form({ crypto: 'USDT', network: '' }), CURRENCIES, RATES)).toEqual({
      key: 'selectNetwork',
      currency: 'USDT',
    });
    expect(validateLinkForm(form({ crypto: 'USDT', network: 'tron' }), CURRENCIES, RATES)).toBeNull();
    expect(validateLinkForm(form({}), CURRENCIES, RATES)).toBeNull();
  });
});

describe('create-link errors (merchant spec 8)', () => {
  it('maps failures to the spec texts and keeps other server messages', () => {
    expect(createLinkProblem(new ApiError('Failed to fetch', 0, 'NETWORK_ERROR'))).toEqual({
      key: 'network',
    });
    expect(createLinkProblem(new ApiError('Sign in first', 401, 'UNAUTHORIZED'))).toEqual({ key: 'auth' });
    expect(createLinkProblem(new ApiError('Unauthorized', 403, 'FORBIDDEN'))).toEqual({ key: 'auth' });
    expect(createLinkProblem(new ApiError('Slow down', 429, 'RATE_LIMITED'))).toEqual({ key: 'rateLimit' });
    expect(createLinkProblem(new ApiError('Unsupported currency: XYZ', 400, 'VALIDATION_ERROR'))).toEqual({
      key: 'invalidInput',
    });
    expect(
      createLinkProblem(new ApiError('The minimum amount is 0.01 USDT', 400, 'VALIDATION_ERROR')),
    ).toEqual({
      key: 'invalidInput',
    });
    expect(createLinkProblem(new ApiError('USDT is not available on the tron network', 400, 'X'))).toEqual({
      message: 'USDT is not available on the tron network',
    });
    expect(createLinkProblem(new ApiError('Something else', 500, 'INTERNAL_ERROR'))).toEqual({
      message: 'Something else',
    });
    expect(createLinkProblem(null)).toEqual({ key: 'createFailed' });
  });
});

describe('returnUrlProblem', () => {
  it('accepts an empty field (no return URL) and what the server accepts, naming what it refuses', () => {
    expect(returnUrlProblem('', 'live')).toBeNull();
    expect(returnUrlProblem('  ', 'live')).toBeNull();
    expect(returnUrlProblem('https://shop.example.com/thanks', 'live')).toBeNull();
    expect(returnUrlProblem('http://localhost:8080/thanks', 'test')).toBeNull();
    expect(returnUrlProblem('http://localhost:8080/thanks', 'live')).toBe('http_live');
    expect(returnUrlProblem('http://shop.example.com/', 'test')).toBe('http_not_local');
    expect(returnUrlProblem('javascript:alert(1)', 'test')).toBe('scheme');
    expect(returnUrlProblem('shop.example.com', 'test')).toBe('invalid');
    expect(returnUrlProblem('https://me:pw@shop.example.com/', 'test')).toBe('credentials');
  });
});
