import { describe, expect, it } from 'vitest';
import { parseOrigin, readEmbedMessage } from './protocol.ts';
import { embedLanguage, embedTexts } from './texts.ts';

describe('parseOrigin (where the embedded checkout may post)', () => {
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['http://localhost:8080', 'http://localhost:8080'],
    // Anything that is not exactly an http(s) origin gets no message.
    ['https://shop.example/', null],
    ['https://shop.example/path', null],
    ['null', null],
    ['*', null],
    ['javascript:alert(1)', null],
    ['file:///tmp/shop.html', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseOrigin(value)).toBe(expected);
  });
});

describe('readEmbedMessage (what the embed script acts on)', () => {
  const confirmed = {
    source: 'coinlane',
    type: 'payment.confirmed',
    linkId: 'lnk_a',
    paymentId: 'pay_1',
    status: 'confirmed',
  };
  it('reads payment events and the close request of its own link', () => {
    expect(readEmbedMessage(confirmed, 'lnk_a')).toEqual(confirmed);
    expect(
      readEmbedMessage({ ...confirmed, type: 'payment.expired', status: 'expired' }, 'lnk_a'),
    ).toMatchObject({
      type: 'payment.expired',
    });
    expect(
      readEmbedMessage({ source: 'coinlane', type: 'checkout.close', linkId: 'lnk_a' }, 'lnk_a'),
    ).toEqual({
      source: 'coinlane',
      type: 'checkout.close',
      linkId: 'lnk_a',
    });
  });
  it.each([
    ['another link', { ...confirmed, linkId: 'lnk_b' }],
    ['another sender', { ...confirmed, source: 'other' }],
    ['an unknown type', { ...confirmed, type: 'payment.refunded' }],
    ['a payment event without its id', { ...confirmed, paymentId: 42 }],
    ['a string', 'payment.confirmed'],
    ['nothing', null],
  ])('ignores %s', (_label, data) => {
    expect(readEmbedMessage(data, 'lnk_a')).toBeNull();
  });
});

describe('the button in the host page language', () => {
  it('takes data-lang, then the page, then the browser, else English', () => {
    expect(embedTexts(embedLanguage(['de', 'fr'])).button).toBe('Mit Krypto bezahlen');
    expect(embedTexts(embedLanguage([undefined, 'es-MX'])).button).toBe('Pagar con cripto');
    expect(embedTexts(embedLanguage(['', 'ja', 'fr-CA'])).button).toBe('Payer en crypto');
    expect(embedTexts(embedLanguage(['ja'])).button).toBe('Pay with crypto');
  });
});
