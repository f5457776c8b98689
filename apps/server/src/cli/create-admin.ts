/**
 * Creates the first administrator, or makes an existing account an administrator.
 *
 *   npm run admin:create -- --email admin@example.com [--name "Ada Admin"] [--role super_admin]
 *
 * The command itself is in create-admin-command.ts; this file runs it on the process's own streams.
 */
import { runCreateAdmin } from './create-admin-command.ts';

const code = await runCreateAdmin(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exit(code);
