import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// Every variable of the README's configuration table is checked at start-up, and a bad value is refused with a
// message naming the variable.
const bad: Array<[string, string]> = [
  ['PORT', 'abc'],
  ['PORT', '70000'],
  ['METRICS_PORT', 'on'],
  ['METRICS_PORT', '65536'],
  ['DATABASE_URL', 'mysql://db'],
  ['SMTP_URL', 'http://mail'],
  ['MAIL_FROM', 'a'],
  ['SALES_EMAIL', 'sales at example'],
  ['APP_URL', 'not a url'],
  ['NODE_ENV', 'prod'],
  ['DEV_MAIL_OUTBOX', 'maybe'],
  ['LOG_LEVEL', 'loud'],
  ['TRUST_PROXY', 'perhaps'],
  ['AUTH_RATE_LIMIT_PER_MINUTE', '0'],
  ['API_RATE_LIMIT_PER_MINUTE', 'many'],
  ['API_RATE_LIMIT_PER_HOUR', '-1'],
  ['RATES_API_URL', 'coingecko'],
  ['RATES_REFRESH_SECONDS', '1'],
  ['RATES_MAX_AGE_SECONDS', 'old'],
  ['TEST_NETWORK_BLOCK_SECONDS', '0'],
  ['ROLES', 'api,wacher'],
  ['APP_SECRET_KEY', 'short'],
  ['ALLOW_PRIVATE_WEBHOOKS', 'sometimes'],
  ['WEBHOOK_RETRY_BASE_SECONDS', 'soon'],
  ['JOB_POLL_MS', '1'],
  ['SIDESHIFT_SECRET', 'short'],
  ['SIDESHIFT_API_URL', 'sideshift'],
  ['SIDESHIFT_TIMEOUT_MS', '10'],
];

describe('loadConfig', () => {
  it.each(bad)('refuses %s=%j, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('serves metrics on 127.0.0.1:9464 in production unless told otherwise, and not by default elsewhere', () => {
    const prod = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail',
      APP_URL: 'https://pay.example.com',
      APP_SECRET_KEY: 'a'.repeat(64),
    };
    expect(loadConfig(prod)).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ ...prod, METRICS_PORT: 'off' }).metricsPort).toBeNull();
    expect(loadConfig({ ...prod, METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      metricsPort: 9100,
      metricsHost: '10.0.0.5',
    });
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('reads the exchange of Bitcoin-family conversions: none without a secret, which needs the affiliate id', () => {
    expect(loadConfig({}).sideshift).toEqual({
      apiUrl: 'https://sideshift.ai/api/v2',
      secret: null,
      affiliateId: null,
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ SIDESHIFT_SECRET: 'f3a1c0de5ec7e7f0' })).toThrow(
      /SIDESHIFT_AFFILIATE_ID: is required/,
    );
    expect(
      loadConfig({
        SIDESHIFT_SECRET: 'f3a1c0de5ec7e7f0',
        SIDESHIFT_AFFILIATE_ID: 'aff1',
        SIDESHIFT_API_URL: 'http://127.0.0.1:9/api/v2/',
      }).sideshift,
    ).toEqual({
      apiUrl: 'http://127.0.0.1:9/api/v2',
      secret: 'f3a1c0de5ec7e7f0',
      affiliateId: 'aff1',
      timeoutMs: 10_000,
    });
  });

  it('accepts the defaults and every known role', () => {
    expect(loadConfig({}).roles).toEqual(['api', 'watcher', 'webhooks', 'scheduler']);
    expect(loadConfig({ ROLES: 'api, jobs,scheduler' }).roles).toEqual(['api', 'jobs', 'scheduler']);
  });

  it('keeps a relative DATA_DIR where npm was invoked (INIT_CWD), so `npm start` at the root uses ./data', () => {
    expect(loadConfig({ INIT_CWD: '/srv/coinlane' }).dataDir).toBe('/srv/coinlane/data');
    expect(loadConfig({ INIT_CWD: '/srv/coinlane', DATA_DIR: '/var/lib/coinlane' }).dataDir).toBe(
      '/var/lib/coinlane',
    );
  });

  it('names each variable production requires', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: .*\n {2}APP_URL: .*\n {2}APP_SECRET_KEY: /,
    );
  });

  it('refuses an http:// APP_URL in production unless TLS ends at a proxy', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      APP_SECRET_KEY: 'a'.repeat(64),
    };
    expect(() => loadConfig({ ...production, APP_URL: 'http://pay.example.com' })).toThrow(
      /APP_URL: must be an https:\/\/ URL when NODE_ENV=production.*TLS_TERMINATED_BY_PROXY=true/,
    );
    expect(loadConfig({ ...production, APP_URL: 'https://pay.example.com' }).appUrl).toBe(
      'https://pay.example.com',
    );
    expect(
      loadConfig({ ...production, APP_URL: 'http://127.0.0.1:3000', TLS_TERMINATED_BY_PROXY: 'true' }).appUrl,
    ).toBe('http://127.0.0.1:3000');
    // Outside production a laptop runs on http://localhost as before.
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).appUrl).toBe('http://localhost:3000');
  });
});
