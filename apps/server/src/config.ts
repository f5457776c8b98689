import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { type ChainConfig, ChainConfigError, chainsFromEnv } from './lib/chain-config.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The metrics port of production when METRICS_PORT is not set (Prometheus's usual exporter port). */
export const DEFAULT_METRICS_PORT = 9464;

/** The process roles of ARCHITECTURE.md ("Processes and roles"); `jobs` is an alias of `webhooks`. */
const KNOWN_ROLES = ['api', 'watcher', 'webhooks', 'jobs', 'scheduler'] as const;

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    // The internal Prometheus port (decision 028): a number (0: any free port), or `off`.
    METRICS_PORT: z
      .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)], {
        message: 'must be a port number (0 to 65535) or off',
      })
      .optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Coinlane <no-reply@coinlane.local>'),
    SALES_EMAIL: z.email({ message: 'must be an e-mail address such as sales@example.com' }).optional(),
    APP_URL: z.url({ message: 'must be an absolute URL such as https://pay.example.com' }).optional(),
    DEV_MAIL_OUTBOX: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    WEB_DIST_DIR: z.string().optional(),
    ROLES: z
      .string()
      .default('api,watcher,webhooks,scheduler')
      .refine(
        (v) => v.split(',').every((r) => !r.trim() || (KNOWN_ROLES as readonly string[]).includes(r.trim())),
        `must be a comma-separated list of ${KNOWN_ROLES.join(', ')}`,
      ),
    // Exchange rates (modules/rates): a CoinGecko-format price API, refreshed by the scheduler role.
    RATES_API_URL: z
      .url({ message: 'must be an absolute URL such as https://api.coingecko.com/api/v3' })
      .default('https://api.coingecko.com/api/v3'),
    RATES_API_KEY: z.string().min(1).optional(),
    RATES_REFRESH_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    RATES_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    // How long a payment's price is held (its rate lock): 15 minutes; shorter in browser journeys.
    PAYMENT_RATE_LOCK_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
    // The built-in test network: seconds per simulated block.
    TEST_NETWORK_BLOCK_SECONDS: z.coerce.number().min(0.01).max(3600).default(2),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
    API_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).optional(),
    // Webhooks and the job queue (modules/webhooks, jobs/).
    APP_SECRET_KEY: z
      .string()
      .regex(
        /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
        'must be 32 bytes as 64 hex characters or 44 base64 characters (openssl rand -base64 32)',
      )
      .optional(),
    ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
    WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(60),
    JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    // TLS ends at a reverse proxy in front of this process: production then accepts an http:// APP_URL.
    TLS_TERMINATED_BY_PROXY: bool.default(false),
    // days a payment keeps its customer's IP (the country stays); decision 021.
    CUSTOMER_IP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // The exchange provider of Bitcoin-family conversions (modules/conversions; decision 024): SideShift's v2 API.
    // The secret is the operator's account key (never logged, never in a reply); the affiliate id its account id.
    SIDESHIFT_SECRET: z
      .string()
      .trim()
      .min(8, 'must be the account secret of sideshift.ai/account')
      .optional(),
    SIDESHIFT_AFFILIATE_ID: z.string().trim().min(1).optional(),
    SIDESHIFT_API_URL: z
      .url({ message: 'must be an absolute URL such as https://sideshift.ai/api/v2' })
      .default('https://sideshift.ai/api/v2'),
    SIDESHIFT_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (typeof env.METRICS_PORT === 'number' && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (the metrics are never served on the public port)',
      });
    }
    if (env.SIDESHIFT_SECRET && !env.SIDESHIFT_AFFILIATE_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIDESHIFT_AFFILIATE_ID'],
        message:
          'is required with SIDESHIFT_SECRET (the account id of sideshift.ai/account, sent with every quote)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required when NODE_ENV=production (the development mail outbox is never used in production)',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEV_MAIL_OUTBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_MAIL_OUTBOX'],
        message: 'cannot be enabled when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required when NODE_ENV=production' });
    }
    if (
      env.NODE_ENV === 'production' &&
      env.APP_URL &&
      !env.APP_URL.startsWith('https://') &&
      !env.TLS_TERMINATED_BY_PROXY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message:
          'must be an https:// URL when NODE_ENV=production (sessions, codes and keys must not travel in clear); set TLS_TERMINATED_BY_PROXY=true if a proxy in front of this server ends TLS',
      });
    }
    if (env.NODE_ENV === 'production' && !env.APP_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET_KEY'],
        message: 'is required when NODE_ENV=production (it encrypts webhook secrets at rest)',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * The internal metrics port (`GET /metrics`, Prometheus text format; decision 028), never the public one. null:
   * off. Default 9464 in production, off in development and tests (several processes on one machine).
   */
  metricsPort: number | null;
  /** Where the metrics port listens: 127.0.0.1 unless METRICS_HOST says otherwise. */
  metricsHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Where the landing page's "Talk to Sales" messages are mailed. null: the admins' system setting
   * general.support_email (support@coinlane.local until they change it).
   */
  salesEmail: string | null;
  appUrl: string;
  devMailOutbox: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Days a payment keeps the customer's IP before the prune job deletes it (its country stays; decision 021). */
  customerIpRetentionDays: number;
  webDistDir: string | undefined;
  roles: string[];
  /** Base URL of the CoinGecko-format price API (`/simple/price`). */
  ratesApiUrl: string;
  /** Sent as `x-cg-demo-api-key` when set. */
  ratesApiKey: string | undefined;
  /** How often the scheduler refreshes rates. */
  ratesRefreshSeconds: number;
  /** A market rate older than this never prices a live amount (test mode may still use it). */
  ratesMaxAgeSeconds: number;
  /**
   * How long a payment's price is held from when it is priced (the rate lock; default 900 s). A payment link's
   * attempt is re-priced in place when it lapses with nothing seen (modules/payments/price-lock.ts).
   */
  rateLockSeconds: number;
  /** Seconds per block of the built-in test network: a test transfer gains one confirmation per block. */
  testNetworkBlockSeconds: number;
  /** Flood guard: requests per minute per IP to each sign-in / sign-up / reset route (per process). */
  authRateLimitPerMinute: number;
  /**
   * Requests per minute / hour per API key, and per IP on the public routes. null: the admin's system settings
   * api.rate_limit_per_minute / api.rate_limit_per_hour (the default outside tests).
   */
  apiRateLimitPerMinute: number | null;
  apiRateLimitPerHour: number | null;
  /** 32-byte key that encrypts secrets at rest (webhook secrets): APP_SECRET_KEY, or a development key. */
  appSecretKey: Buffer;
  /** True when appSecretKey was derived from DATA_DIR (development and tests only; main.ts warns). */
  appSecretKeyDerived: boolean;
  /** Webhook targets on private, loopback and link-local addresses (and plain http) allowed: tests, development. */
  allowPrivateWebhooks: boolean;
  /** First webhook retry delay; each later one doubles it. */
  webhookRetryBaseMs: number;
  /** How often an idle job worker looks for due jobs. */
  jobPollMs: number;
  /**
   * UTXO networks with a node: CHAIN_<NETWORK>_RPC_URL and CHAIN_<NETWORK>_MODE (lib/chain-config.ts).
   * A network listed here is live-capable; the watcher role watches each one.
   */
  configuredChains: ChainConfig[];
  /**
   * The exchange provider of Bitcoin-family conversions (SideShift's v2 API; decision 024). `secret` and
   * `affiliateId` null: no shift can be created (a payout rule on a Bitcoin-family coin then cannot apply and the
   * payment is paid unconverted); shifts already created are still followed (reading a shift needs no secret).
   */
  sideshift: { apiUrl: string; secret: string | null; affiliateId: string | null; timeoutMs: number };
};

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  // A relative DATA_DIR is relative to where the command was typed (npm's INIT_CWD): `npm start` at the root
  // keeps its data in the root's ./data, although npm runs the server's script inside apps/server.
  const dataDir = path.resolve(env.INIT_CWD || process.cwd(), e.DATA_DIR);
  let configuredChains: ChainConfig[];
  try {
    configuredChains = chainsFromEnv(clean);
  } catch (err) {
    if (!(err instanceof ChainConfigError)) throw err;
    throw new ConfigError(`Invalid configuration:\n${err.lines.map((l) => `  ${l}`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    metricsPort:
      e.METRICS_PORT === 'off'
        ? null
        : (e.METRICS_PORT ?? (e.NODE_ENV === 'production' ? DEFAULT_METRICS_PORT : null)),
    metricsHost: e.METRICS_HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL ?? null,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    // The outbox is for `npm start` on a laptop: on by default in development without SMTP, never in production.
    devMailOutbox: e.DEV_MAIL_OUTBOX ?? (e.NODE_ENV === 'development' && !e.SMTP_URL),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    customerIpRetentionDays: e.CUSTOMER_IP_RETENTION_DAYS,
    webDistDir: e.WEB_DIST_DIR,
    roles: e.ROLES.split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    ratesApiUrl: e.RATES_API_URL.replace(/\/+$/, ''),
    ratesApiKey: e.RATES_API_KEY,
    ratesRefreshSeconds: e.RATES_REFRESH_SECONDS,
    ratesMaxAgeSeconds: e.RATES_MAX_AGE_SECONDS,
    rateLockSeconds: e.PAYMENT_RATE_LOCK_SECONDS,
    testNetworkBlockSeconds: e.TEST_NETWORK_BLOCK_SECONDS,
    // 30 a minute in production; test suites sign in far more often from one address, so they get headroom.
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 10_000 : 30),
    // Test suites call the API far more often than the admin's limits allow; tests of the limits set them.
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE ?? (e.NODE_ENV === 'test' ? 1_000_000 : null),
    apiRateLimitPerHour: e.API_RATE_LIMIT_PER_HOUR ?? (e.NODE_ENV === 'test' ? 1_000_000 : null),
    ...secretKeyOf(e.APP_SECRET_KEY, dataDir),
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS,
    webhookRetryBaseMs: Math.round(e.WEBHOOK_RETRY_BASE_SECONDS * 1000),
    jobPollMs: e.JOB_POLL_MS,
    configuredChains,
    sideshift: {
      apiUrl: e.SIDESHIFT_API_URL.replace(/\/+$/, ''),
      secret: e.SIDESHIFT_SECRET ?? null,
      affiliateId: e.SIDESHIFT_SECRET ? (e.SIDESHIFT_AFFILIATE_ID ?? null) : null,
      timeoutMs: e.SIDESHIFT_TIMEOUT_MS,
    },
    ...overrides,
  };
}

/**
 * APP_SECRET_KEY as 32 bytes (hex or base64). Without it (development and tests only; production refuses to
 * start) a stable key is derived from the DATA_DIR path, so a laptop's secrets survive restarts; it is no
 * secret, and main.ts says so in the log.
 */
function secretKeyOf(value: string | undefined, dataDir: string) {
  if (value) {
    const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
    return { appSecretKey: key, appSecretKeyDerived: false };
  }
  const key = createHash('sha256').update(`coinlane-development-secret-key:${dataDir}`).digest();
  return { appSecretKey: key, appSecretKeyDerived: true };
}
