import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, signWebhookWithSecrets, verifyWebhookSignature } from './webhook-signature.ts';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"payment.confirmed"}';
const t = 1_790_000_000;
const now = t * 1000;

describe('webhook signatures', () => {
  it('signs HMAC-SHA256 of "t.body" in hex', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhook(body, secret, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature, within the tolerance only', () => {
    const header = signWebhook(body, secret, t);
    expect(verifyWebhookSignature(body, header, secret, { now })).toEqual({ ok: true, timestamp: t });
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, { now: now + 299_000 }).ok).toBe(true);
    expect(verifyWebhookSignature(body, header, secret, { now: now + 301_000 })).toEqual({
      ok: false,
      reason: 'too_old',
    });
    expect(verifyWebhookSignature(body, header, secret, { now: now - 301_000 })).toEqual({
      ok: false,
      reason: 'too_new',
    });
    expect(
      verifyWebhookSignature(body, header, secret, { now: now + 3_000_000, toleranceSeconds: 3600 }).ok,
    ).toBe(true);
  });

  it('refuses another secret, a changed body, a changed timestamp and malformed headers', () => {
    const header = signWebhook(body, secret, t);
    expect(verifyWebhookSignature(body, header, 'other', { now }).ok).toBe(false);
    expect(verifyWebhookSignature(`${body} `, header, secret, { now }).ok).toBe(false);
    expect(verifyWebhookSignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now }).ok).toBe(
      false,
    );
    for (const bad of [null, '', 'garbage', `t=${t}`, 'v1=abc', `t=x,v1=${'0'.repeat(64)}`]) {
      expect(verifyWebhookSignature(body, bad, secret, { now })).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('accepts a header carrying several v1 values (during a secret rotation)', () => {
    const good = signWebhook(body, secret, t).split('v1=')[1];
    const header = `t=${t},v1=${'a'.repeat(64)},v1=${good}`;
    expect(verifyWebhookSignature(body, header, secret, { now }).ok).toBe(true);
  });

  it('signs with several secrets in one header, each verifying on its own', () => {
    const header = signWebhookWithSecrets(body, ['whsec_new', 'whsec_old'], t);
    const hmac = (k: string) => createHmac('sha256', k).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hmac('whsec_new')},v1=${hmac('whsec_old')}`);
    expect(verifyWebhookSignature(body, header, 'whsec_new', { now }).ok).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_old', { now }).ok).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_other', { now }).ok).toBe(false);
    expect(signWebhookWithSecrets(body, [secret], t)).toBe(signWebhook(body, secret, t));
    expect(signWebhookWithSecrets(body, [secret, secret], t)).toBe(signWebhook(body, secret, t));
    expect(() => signWebhookWithSecrets(body, [], t)).toThrow();
    expect(() => signWebhookWithSecrets(body, ['whsec_new', ''], t)).toThrow();
  });
});
