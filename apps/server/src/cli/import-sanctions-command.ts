/**
 * The sanctions import command (`import-sanctions.ts` runs it on the process's own streams): replaces the sanctions
 * list with the digital currency addresses of an OFAC SDN list file in its advanced XML format.
 *
 *   npm run sanctions:import -- --file sdn_advanced.xml
 *
 * The operator downloads the file from OFAC; this command never fetches anything. The file is read as a stream;
 * the list is replaced in one transaction (a file that fails to parse changes nothing) and the import recorded
 * (file, SHA-256, the list's date, when). Payments already paid from a newly listed address are scored again.
 * Uses the configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first).
 * Decision 021.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#app/config.ts';
import { DatabaseInUseError, openDatabase } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { rescorePaymentsPaidBy } from '#app/modules/risk/rescore-payments-paid-by.ts';
import type { RiskAlertHandler } from '#app/modules/risk/score-payment-risk.ts';
import { importSanctionsList } from '#app/modules/sanctions/import-sanctions-list.ts';
import { SdnFormatError } from '#app/modules/sanctions/parse-sdn-advanced.ts';
import type { CommandIo } from './create-admin-command.ts';

const USAGE = `Usage: npm run sanctions:import -- --file <sdn_advanced.xml>

  --file   the OFAC SDN list in its advanced XML format (sdn_advanced.xml), downloaded by you

Replaces the sanctions list with the file's digital currency addresses (FeatureType
'Digital Currency Address - XBT', '- ETH', '- LTC', '- USDT', '- TRX', ...). Nothing is downloaded.`;

/** Exit codes (sysexits.h): 64 usage, 65 bad input, 66 no input file, 75 database in use, 78 configuration. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function parseCommandLine(argv: string[]): { file: string } | 'help' {
  let values: { file?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { file: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, 64);
  }
  if (values.help) return 'help';
  if (!values.file?.trim()) throw new CliError(`--file is required.\n\n${USAGE}`, 64);
  return { file: values.file };
}

async function main(argv: string[], io: CommandIo, onRiskAlert?: RiskAlertHandler): Promise<number> {
  const args = parseCommandLine(argv);
  if (args === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const file = path.resolve(args.file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new CliError(`Cannot read ${args.file}: no such file.`, 66);
  }
  if (!stat.isFile()) throw new CliError(`${args.file} is not a file.`, 66);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, 78);
    throw err;
  }
  let dbHandle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    dbHandle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw new CliError(err.message, 75);
    throw err;
  }
  try {
    await migrateToLatest(dbHandle.db);
    const imported = await importSanctionsList({
      db: dbHandle.db,
      chunks: fs.createReadStream(file),
      sourceFile: path.basename(file),
    });
    const assets = Object.entries(imported.byAsset)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([asset, n]) => `${asset} ${n}`)
      .join(', ');
    io.stdout.write(
      `Sanctions list replaced: ${imported.addressCount} digital currency addresses${assets ? ` (${assets})` : ''} from ${imported.sourceFile}${imported.publishedOn ? `, issued ${imported.publishedOn}` : ''}; SHA-256 ${imported.sha256}.\n`,
    );
    const rescored = await rescorePaymentsPaidBy({
      db: dbHandle.db,
      keys: imported.added,
      ...(onRiskAlert ? { onRiskAlert } : {}),
    });
    if (rescored.length) {
      io.stdout.write(
        `${rescored.length} payment(s) paid from a newly listed address scored again: ${rescored.join(', ')}\n`,
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof SdnFormatError)
      throw new CliError(`${args.file}: ${err.message}. Nothing was changed.`, 65);
    throw err;
  } finally {
    await dbHandle.close();
  }
}

/**
 * Runs the command and returns its exit code (sysexits.h), having written what it has to say to `io`. Never
 * throws. `onRiskAlert`: the composition root's seam to System Alerts (server-payments.ts, RISK_ALERTS).
 */
export async function runImportSanctions(
  argv: string[],
  io: Pick<CommandIo, 'env' | 'stdout' | 'stderr'>,
  onRiskAlert?: RiskAlertHandler,
): Promise<number> {
  try {
    return await main(argv, io as CommandIo, onRiskAlert);
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr.write(`${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(
      `sanctions:import failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 1;
  }
}
