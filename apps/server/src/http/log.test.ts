import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '#app/test/server-process.ts';
import { redactUrl } from './log.ts';

const token = () => randomBytes(32).toString('base64url');

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=Abc123Abc123Abc123Abc123Abc123Abc123xyz', '/reset-password?token=[redacted]'],
    ['/ws?token=cl_live_0123456789abcdefghijKLMNOP', '/ws?token=[redacted]'],
    // The subscriber portal's link, and the portal's API read, whatever the token looks like.
    [
      '/subscription-portal?token=Abc123Abc123Abc123Abc123Abc123Abc123xyz&lang=es',
      '/subscription-portal?token=[redacted]&lang=es',
    ],
    [
      '/api/v1/public/subscription-portal?token=short-one',
      '/api/v1/public/subscription-portal?token=[redacted]',
    ],
    ['/x?code=123456&page=2', '/x?code=[redacted]&page=2'],
    [
      '/x?api_key=short&sig=abc&secret=&Password=p',
      '/x?api_key=[redacted]&sig=[redacted]&secret=[redacted]&Password=[redacted]',
    ],
    // A secret under a name the rule does not know is still recognised by its look.
    ['/x?t=whsec_abcdefghijklmnop', '/x?t=[redacted]'],
    ['/x?next=cl_test_0123456789abcdefghij', '/x?next=[redacted]'],
    // Tokens in a path segment.
    ['/revoke/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-Qq/confirm', '/revoke/[redacted]/confirm'],
    ['/keys/cl_live_ABCdef0123456789', '/keys/[redacted]'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/v1/payments/pay_01h2xk3m4n5p6q7r8s9t0v1w2x?limit=20&status=pending',
    '/payment/pay_abcdefghijklmnopqrstuvwxyz234567',
    '/api/v1/transactions?search=Order%2042&sortBy=created_at',
    '/assets/index-BxY3kL9a.js',
  ])('keeps %s readable', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe("a real server's request log", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOG_LEVEL: 'info', ROLES: 'api' });
  });
  afterAll(() => server?.stop());

  it('never holds the token of a reset, confirmation or subscription portal link, an API key in /ws, or a token in a path', async () => {
    const secrets = {
      reset: token(),
      confirm: token(),
      portal: token(),
      apiKey: `cl_live_${randomBytes(24).toString('hex')}`,
      path: token(),
      code: '493817',
    };
    const urls = [
      `/reset-password?token=${secrets.reset}`,
      `/confirm-email?token=${secrets.confirm}`,
      `/subscription-portal?token=${secrets.portal}`,
      `/ws?token=${secrets.apiKey}`,
      `/api/v1/auth/revoke-api-keys/${secrets.path}`,
      `/login?email=a%40example.com&code=${secrets.code}`,
    ];
    for (const url of urls) await fetch(`${server.url}${url}`).then((r) => r.arrayBuffer());
    // The log is written asynchronously: wait until the last request is in it.
    const deadline = Date.now() + 10_000;
    while (!server.output().includes('/login?email=') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const log = server.output();
    // Each request was logged (with its path), and none of its secrets.
    for (const path of [
      '/reset-password?token=[redacted]',
      '/confirm-email?token=[redacted]',
      '/subscription-portal?token=[redacted]',
      '/ws?token=[redacted]',
    ]) {
      expect(log).toContain(path);
    }
    expect(log).toContain('/api/v1/auth/revoke-api-keys/[redacted]');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});
