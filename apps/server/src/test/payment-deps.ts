import { loadConfig } from '#app/config.ts';
import { paymentDepsOf } from '#app/server-payments.ts';

/**
 * The payments module's dependencies as the composition root builds them for a default test configuration (no
 * chain configured: test-mode sources only; the real lifecycle hooks), for tests and fixtures without a server.
 */
export const testPaymentDeps = paymentDepsOf(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
