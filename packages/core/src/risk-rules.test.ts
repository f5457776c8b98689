import { describe, expect, it } from 'vitest';
import {
  assessPaymentRisk,
  FRAUD_FLAGS,
  fraudFlagLabel,
  sanctionsKey,
  type TFraudFlag,
  type TRiskFacts,
} from './risk-rules.ts';

/** A payment with nothing unusual: $100, a merchant with a steady history, one payment per customer. */
const normal: TRiskFacts = {
  amountUsd: 100,
  merchantHistory: { count: 20, meanUsd: 90 },
  emailPaymentsInWindow: 1,
  ipPaymentsInWindow: 1,
  ipUnpaidInWindow: 0,
  merchant: { ageDays: 400, usdLastDay: 300, dailyMeanUsdBefore: 250 },
  exception: 'none',
  sanctionedPayers: [],
};
const facts = (over: Partial<TRiskFacts>): TRiskFacts => ({ ...normal, ...over });

describe('assessPaymentRisk: the rule set as a table of cases', () => {
  it.each<[string, TRiskFacts, number, TFraudFlag[]]>([
    ['nothing unusual', normal, 1, []],
    ['USD value unknown, nothing else known: 5', facts({ amountUsd: null }), 5, []],
    [
      'no e-mail and no IP recorded (API payment)',
      facts({ emailPaymentsInWindow: null, ipPaymentsInWindow: null, ipUnpaidInWindow: null }),
      1,
      [],
    ],
    [
      'amount 6x the merchant’s 30-day mean',
      facts({ amountUsd: 540 }),
      5,
      ['amount_far_above_merchant_history'],
    ],
    ['amount exactly 5x the mean: not flagged', facts({ amountUsd: 450 }), 1, []],
    [
      'a large amount but only 4 payments of history: not judged',
      facts({ amountUsd: 10_000, merchantHistory: { count: 4, meanUsd: 10 } }),
      1,
      [],
    ],
    [
      'a large amount, no history',
      facts({ amountUsd: 10_000, merchantHistory: { count: 0, meanUsd: null } }),
      1,
      [],
    ],
    [
      '5 payments with one e-mail in the hour',
      facts({ emailPaymentsInWindow: 5 }),
      4,
      ['high_velocity_customer_email'],
    ],
    ['4 payments with one e-mail in the hour: not flagged', facts({ emailPaymentsInWindow: 4 }), 1, []],
    [
      '5 payments from one IP in the hour',
      facts({ ipPaymentsInWindow: 5 }),
      4,
      ['high_velocity_customer_ip'],
    ],
    [
      '3 unpaid payments from one IP in a day',
      facts({ ipUnpaidInWindow: 3 }),
      4,
      ['many_unpaid_payments_from_ip'],
    ],
    ['2 unpaid payments from one IP: not flagged', facts({ ipUnpaidInWindow: 2 }), 1, []],
    [
      'a 10-day-old merchant takes $6,000 in a day after $100 a day',
      facts({ merchant: { ageDays: 10, usdLastDay: 6000, dailyMeanUsdBefore: 100 } }),
      4,
      ['new_merchant_volume_spike'],
    ],
    [
      'a brand-new merchant’s first day of $5,000',
      facts({ merchant: { ageDays: 0, usdLastDay: 5000, dailyMeanUsdBefore: 0 } }),
      4,
      ['new_merchant_volume_spike'],
    ],
    [
      'an old merchant with the same spike: not flagged',
      facts({ merchant: { ageDays: 30, usdLastDay: 6000, dailyMeanUsdBefore: 100 } }),
      1,
      [],
    ],
    [
      'a new merchant’s steady $5,000 days: not a spike',
      facts({ merchant: { ageDays: 10, usdLastDay: 5000, dailyMeanUsdBefore: 4000 } }),
      1,
      [],
    ],
    ['a part paid', facts({ exception: 'paid_partial' }), 2, ['partial_payment']],
    ['paid more than due', facts({ exception: 'paid_over' }), 2, ['overpayment']],
    ['paid late', facts({ exception: 'paid_late' }), 3, ['late_payment']],
    [
      'amount spike and e-mail velocity: high',
      facts({ amountUsd: 1000, emailPaymentsInWindow: 6 }),
      8,
      ['amount_far_above_merchant_history', 'high_velocity_customer_email'],
    ],
    [
      'everything at once: capped at 10',
      facts({
        amountUsd: 10_000,
        emailPaymentsInWindow: 9,
        ipPaymentsInWindow: 9,
        ipUnpaidInWindow: 9,
        merchant: { ageDays: 1, usdLastDay: 20_000, dailyMeanUsdBefore: 0 },
        exception: 'paid_late',
      }),
      10,
      [
        'amount_far_above_merchant_history',
        'high_velocity_customer_email',
        'high_velocity_customer_ip',
        'many_unpaid_payments_from_ip',
        'new_merchant_volume_spike',
        'late_payment',
      ],
    ],
    [
      'a payer on the sanctions list: 10',
      facts({ sanctionedPayers: ['0xabc'] }),
      10,
      ['sanctioned_payer_address'],
    ],
    [
      'a sanctioned payer of an unknown amount, paid partly: 10',
      facts({ amountUsd: null, sanctionedPayers: ['bc1q'], exception: 'paid_partial' }),
      10,
      ['sanctioned_payer_address', 'partial_payment'],
    ],
    ['unknown amount, paid late', facts({ amountUsd: null, exception: 'paid_late' }), 7, ['late_payment']],
  ])('%s', (_name, f, score, flags) => {
    expect(assessPaymentRisk(f)).toEqual({ score, flags });
  });

  it('every flag is a known flag, shown with spaces', () => {
    expect(FRAUD_FLAGS).toContain('sanctioned_payer_address');
    expect(fraudFlagLabel('many_unpaid_payments_from_ip')).toBe('many unpaid payments from ip');
  });
});

describe('sanctionsKey: the form addresses are compared in', () => {
  it.each([
    ['0x098B716B8Aaf21512996dC57EB0615e2383E2f96', '0x098b716b8aaf21512996dc57eb0615e2383e2f96'],
    ['BC1QSCZMGYFQ4HWXKLCPPR7RNUR2QC3K6HJZJSUWYD', 'bc1qsczmgyfq4hwxklcppr7rnur2qc3k6hjzjsuwyd'],
    ['ltc1qsczmgyfq4hwxklcppr7rnur2qc3k6hjzq0s5l3', 'ltc1qsczmgyfq4hwxklcppr7rnur2qc3k6hjzq0s5l3'],
    ['  12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h ', '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h'],
    ['TXwpNxmcJZuqK1TdsMXDHJ9yd7ihJKEVDs', 'TXwpNxmcJZuqK1TdsMXDHJ9yd7ihJKEVDs'],
    ['LbcFSRqzWAxJwZ4nskDkS8p3WUBR3pWeFX', 'LbcFSRqzWAxJwZ4nskDkS8p3WUBR3pWeFX'],
    // Bitcoin Cash, the CashAddr specification's translations: CashAddr (with or without its prefix, either case)
    // and the legacy form are one key, the legacy form.
    ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    ['qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    ['BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    ['bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq', '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC'],
    ['bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4', 'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV'],
    ['bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n', 'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV'],
    // A changed character is no CashAddr: compared as written.
    [
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6c',
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6c',
    ],
  ])('%s -> %s', (address, key) => {
    expect(sanctionsKey(address)).toBe(key);
  });
});
