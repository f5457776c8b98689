import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
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
    APP_URL: z.url({ message: 'must be an absolute URL such as https://pay.example.com' }).optional(),
    DEV_MAIL_OUTBOX: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    WEB_DIST_DIR: z.string().optional(),
    ROLES: z.string().default('api,watcher,webhooks,scheduler'),
  })
  .superRefine((env, ctx) => {
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
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  devMailOutbox: boolean;
  logLevel: string;
  trustProxy: boolean;
  webDistDir: string | undefined;
  roles: string[];
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
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    // The outbox is for `npm start` on a laptop: on by default in development without SMTP, never in production.
    devMailOutbox: e.DEV_MAIL_OUTBOX ?? (e.NODE_ENV === 'development' && !e.SMTP_URL),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    roles: e.ROLES.split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    ...overrides,
  };
}
