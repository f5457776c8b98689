/**
 * Replaces the sanctions list with the digital currency addresses of an OFAC SDN advanced XML file.
 *
 *   npm run sanctions:import -- --file sdn_advanced.xml
 *
 * The command itself is in import-sanctions-command.ts; this file runs it on the process's own streams, with the
 * composition root's seam to System Alerts.
 */
import { RISK_ALERTS } from '#app/server-payments.ts';
import { runImportSanctions } from './import-sanctions-command.ts';

const code = await runImportSanctions(
  process.argv.slice(2),
  { env: process.env, stdout: process.stdout, stderr: process.stderr },
  RISK_ALERTS,
);
process.exit(code);
