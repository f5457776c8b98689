import { z } from 'zod';

/**
 * The pages run under a Content-Security-Policy without 'unsafe-eval' (apps/server/src/http/security-headers.ts).
 * zod compiles object parsers with `new Function` when it may, and its probe for that is itself a CSP violation
 * in the console: parse without it. Imported first by each entry.
 */
z.config({ jitless: true });
