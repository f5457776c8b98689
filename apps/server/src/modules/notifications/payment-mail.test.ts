import { describe, expect, it } from 'vitest';
import type { MailLanguage } from '#app/mail/templates.ts';
import { paymentMail } from './payment-mail.ts';
import { PAYMENT_MAIL_KINDS, type PaymentFacts, paymentMailKinds } from './payment-mail-kinds.ts';

const facts: PaymentFacts = {
  id: 'pay_123',
  mode: 'live',
  status: 'confirmed',
  exception: 'none',
  amount: '0.1',
  amountReceived: '0.1',
  amountConfirmed: '0.1',
  currency: 'BTC',
  networkName: 'Bitcoin',
  decimals: 8,
  txHash: 'ab'.repeat(32),
  description: '<b>Order</b>',
  customerEmail: null,
  fiatAmount: '95.00',
  fiatCurrency: 'EUR',
  confirmedAt: '2026-11-21T14:03:00.000Z',
  updatedAt: '2026-11-21T14:03:00.000Z',
};

describe('which mails an event calls for', () => {
  const p = (o: Partial<PaymentFacts>): PaymentFacts => ({ ...facts, ...o });
  it.each([
    ['payment.confirmed', p({}), ['confirmed']],
    ['payment.confirmed', p({ exception: 'paid_over', amountReceived: '0.2' }), ['confirmed', 'overpaid']],
    ['payment.updated', p({ exception: 'paid_over', amountReceived: '0.2' }), ['overpaid']],
    ['payment.updated', p({}), []],
    ['payment.reversed', p({ status: 'pending', amountConfirmed: '0' }), ['reversed']],
    [
      'payment.expired',
      p({ status: 'expired', exception: 'paid_partial', amountReceived: '0.05' }),
      ['underpaid'],
    ],
    ['payment.expired', p({ status: 'expired', exception: 'none', amountReceived: '0' }), []],
    [
      'payment.updated',
      p({ status: 'expired', exception: 'paid_late', amountReceived: '0.1', amountConfirmed: '0' }),
      [],
    ],
    ['payment.updated', p({ status: 'expired', exception: 'paid_late' }), ['late']],
    // Whatever the event is called (another change may add one for late money), the state decides.
    ['payment.paid_late', p({ status: 'failed', exception: 'paid_late' }), ['late']],
    ['payment.created', p({ status: 'pending', amountReceived: '0', amountConfirmed: '0' }), []],
  ] as const)('%s with %o', (type, payment, kinds) => {
    expect(paymentMailKinds(type, payment)).toEqual(kinds);
  });
});

describe('the payment mails', () => {
  for (const lang of ['en', 'es', 'fr', 'de'] as MailLanguage[]) {
    it(`are written in ${lang}, every kind, values escaped`, () => {
      for (const kind of PAYMENT_MAIL_KINDS) {
        const mail = paymentMail({
          kind,
          payment: facts,
          name: 'Ann',
          lang,
          url: 'https://pay.example.com/transactions',
          at: new Date('2026-11-21T14:03:00Z'),
        });
        expect(mail.subject).toContain(
          kind === 'overpaid' || kind === 'underpaid' || kind === 'late' ? 'pay_123' : '0.1 BTC',
        );
        expect(mail.html).toContain(`<html lang="${lang}">`);
        expect(mail.html).not.toContain('<b>Order</b>');
        expect(mail.text).toContain('<b>Order</b>');
        expect(mail.text).toContain('95.00 EUR');
        expect(mail.text).toContain('https://pay.example.com/transactions');
        if (lang !== 'en') {
          expect(mail.html).not.toContain('If the button does not work');
          expect(mail.text).not.toContain('non-custodial crypto payments');
          expect(mail.text).not.toMatch(/\bPayment\b|\bReceived\b|\bNetwork\b:/);
        }
      }
    });
  }

  it('say test mode in the subject and the notice', () => {
    const mail = paymentMail({
      kind: 'confirmed',
      payment: { ...facts, mode: 'test' },
      name: null,
      lang: 'fr',
      url: 'https://x',
      at: new Date(),
    });
    expect(mail.subject).toBe('[Test] Paiement confirmé : 0.1 BTC');
    expect(mail.text).toContain('mode test');
    expect(mail.text).toContain('Bonjour,');
  });
});
