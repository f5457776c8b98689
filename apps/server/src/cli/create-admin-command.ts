/**
 * The create-admin command (`create-admin.ts` runs it on the process's own streams): creates the first
 * administrator, or makes an existing account an administrator.
 *
 *   npm run admin:create -- --email admin@example.com [--name "Ada Admin"] [--role super_admin]
 *
 * The password comes from the ADMIN_PASSWORD environment variable or, on a terminal, from a hidden prompt
 * asked twice; never from the command line. Uses the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR: stop the server first, as the embedded database takes one process at a time).
 */
import { parseArgs } from 'node:util';
import { ZEmail } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { ADMIN_ROLES, type TAdminRole } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import { ConfigError, loadConfig } from '#app/config.ts';
import { DatabaseInUseError, openDatabase } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { createAdminAccount } from '#app/modules/admin/create-admin-account.ts';

const USAGE = `Usage: npm run admin:create -- --email <address> [--name <name>] [--role <role>]

  --email   the administrator's e-mail address (required)
  --name    display name for a new account (default "Administrator")
  --role    ${ADMIN_ROLES.join(', ')} (default super_admin)

The password is read from the ADMIN_PASSWORD environment variable, or asked twice on the terminal
without echo. An existing account with this e-mail becomes an active administrator with the new password.`;

const PASSWORD_FLAG_REFUSED = `Refusing --password: a password on the command line stays in the shell history and is
visible to every user of this machine in the process list. Set ADMIN_PASSWORD in the environment, or
run the command in a terminal and type the password when asked.`;

/** Exit codes (sysexits.h): 64 usage, 65 bad input, 78 configuration, 130 cancelled. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

type Args = { email: string; name?: string; role: TAdminRole };

function parseCommandLine(argv: string[]): Args | 'help' {
  if (
    argv.some(
      (a) => a === '--password' || a.startsWith('--password=') || a === '-p' || a.startsWith('--pass'),
    )
  ) {
    throw new CliError(PASSWORD_FLAG_REFUSED, 64);
  }
  let values: { email?: string; name?: string; role?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, 64);
  }
  if (values.help) return 'help';
  if (!values.email) throw new CliError(`--email is required.\n\n${USAGE}`, 64);
  const email = ZEmail.safeParse(values.email);
  if (!email.success) throw new CliError(`--email: ${email.error.issues[0]?.message ?? T.emailInvalid}`, 64);
  const role = values.role ?? 'super_admin';
  if (!(ADMIN_ROLES as readonly string[]).includes(role)) {
    throw new CliError(`--role must be one of ${ADMIN_ROLES.join(', ')}.`, 64);
  }
  const name = values.name?.trim();
  if (values.name !== undefined && (!name || name.length > 120)) {
    throw new CliError('--name must be 1 to 120 characters.', 64);
  }
  return { email: email.data, role: role as TAdminRole, ...(name ? { name } : {}) };
}

/** Where the command reads and writes: the process's own streams, or a test's. */
export type CommandIo = {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
};

/** Reads a line from the terminal without echoing it. */
function readHidden(io: CommandIo, prompt: string): Promise<string> {
  const { stdin, stderr } = io;
  const setRawMode = (raw: boolean) => stdin.setRawMode?.(raw);
  return new Promise((resolve, reject) => {
    let chars: string[] = [];
    const finish = (err?: Error) => {
      stdin.off('data', onData);
      setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (err) reject(err);
      else resolve(chars.join(''));
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new CliError('Cancelled.', 130)); // Ctrl-C
        if (ch === '\u0004') return chars.length ? finish() : finish(new CliError('Cancelled.', 130)); // Ctrl-D
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch === '\u0015')
          chars = []; // Ctrl-U
        else if (ch >= ' ') chars.push(ch);
      }
    };
    // Echo goes off before the prompt shows, so an answer typed (or pasted) at once is never echoed.
    stdin.setEncoding('utf8');
    setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
    stderr.write(prompt);
  });
}

async function readPassword(io: CommandIo): Promise<string> {
  const fromEnv = io.env.ADMIN_PASSWORD;
  delete io.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!io.stdin.isTTY) {
    throw new CliError('No password given: set ADMIN_PASSWORD, or run this command in a terminal.', 64);
  }
  const first = await readHidden(io, 'Password: ');
  const second = await readHidden(io, 'Repeat password: ');
  if (first !== second) throw new CliError(T.passwordsDoNotMatch, 65);
  return first;
}

async function main(argv: string[], io: CommandIo): Promise<number> {
  const args = parseCommandLine(argv);
  if (args === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
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
    const password = await readPassword(io);
    const { created } = await createAdminAccount({ db: dbHandle.db, ...args, password });
    const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    // This command does not know the running server's port: name the address only when APP_URL or PORT says it.
    const signIn =
      io.env.APP_URL || io.env.PORT
        ? `Sign in at ${config.appUrl}/login`
        : `Sign in at /login on the server (${config.appUrl}/login with the default PORT)`;
    io.stdout.write(
      created
        ? `Admin account created: ${args.email} (${args.role}) in ${where}. ${signIn}\n`
        : `Existing account ${args.email} is now an active administrator (${args.role}) with the new password; its sessions were ended. ${signIn}\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof AppError) throw new CliError(err.message, 65);
    throw err;
  } finally {
    await dbHandle.close();
  }
}

/**
 * Runs the command and returns its exit code (sysexits.h), having written what it has to say to `io`.
 * Never throws: an unexpected failure is reported with its stack and exit code 1.
 */
export async function runCreateAdmin(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr.write(`${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(
      `create-admin failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 1;
  }
}
