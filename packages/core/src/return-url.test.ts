import { describe, expect, it } from 'vitest';
import { checkReturnUrl } from './return-url.ts';
import { returnUrlWithPayment } from './return-url-target.ts';

describe('checkReturnUrl', () => {
  it('normalises what it accepts and names what it refuses', () => {
    expect(checkReturnUrl(' https://Shop.example ', 'live')).toEqual({
      ok: true,
      url: 'https://shop.example/',
    });
    expect(checkReturnUrl('http://localhost:8080/x', 'test')).toEqual({
      ok: true,
      url: 'http://localhost:8080/x',
    });
    expect(checkReturnUrl('http://localhost:8080/x', 'live')).toEqual({ ok: false, problem: 'http_live' });
    expect(checkReturnUrl('http://shop.example/', 'test')).toEqual({ ok: false, problem: 'http_not_local' });
    expect(checkReturnUrl('JavaScript:alert(1)', 'test')).toEqual({ ok: false, problem: 'scheme' });
    expect(checkReturnUrl('https://a:b@shop.example/', 'test')).toEqual({
      ok: false,
      problem: 'credentials',
    });
    expect(checkReturnUrl('https://shop.example/?a=1&coinlane_payment=x', 'test')).toEqual({
      ok: false,
      problem: 'reserved_param',
    });
    expect(checkReturnUrl('https://shop.example/\tx', 'test')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkReturnUrl(`https://shop.example/${'x'.repeat(2048)}`, 'test')).toEqual({
      ok: false,
      problem: 'too_long',
    });
  });
});

describe('returnUrlWithPayment', () => {
  it('appends the payment id to the query, before the fragment, keeping the query byte for byte', () => {
    expect(returnUrlWithPayment('https://shop.example/', 'pay_1')).toBe(
      'https://shop.example/?coinlane_payment=pay_1',
    );
    expect(returnUrlWithPayment('https://shop.example/done?key=wc_order_A%2B1&x=a+b#top', 'pay_2')).toBe(
      'https://shop.example/done?key=wc_order_A%2B1&x=a+b&coinlane_payment=pay_2#top',
    );
    expect(returnUrlWithPayment('https://shop.example/done?', 'pay_3')).toBe(
      'https://shop.example/done?coinlane_payment=pay_3',
    );
    expect(returnUrlWithPayment('https://shop.example/', 'a&b=c')).toBe(
      'https://shop.example/?coinlane_payment=a%26b%3Dc',
    );
  });

  it('gives nothing for an address that is not http(s)', () => {
    expect(returnUrlWithPayment('javascript:alert(1)', 'pay_1')).toBeNull();
    expect(returnUrlWithPayment('not a url', 'pay_1')).toBeNull();
  });
});
