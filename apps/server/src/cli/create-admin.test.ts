import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ROLE_PERMISSIONS } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type DbHandle, openPGlite } from '#app/db/connection.ts';
import { verifyPassword } from '#app/lib/password.ts';
import { createSession, getSessionByToken } from '#app/modules/auth/sessions.ts';
import { getSessionUser } from '#app/modules/profile/get-session-user.ts';
import { createUser } from '#app/test/fixtures.ts';
import { createTestDb, usingPostgres } from '#app/test/test-db.ts';
import { runCreateAdmin } from './create-admin-command.ts';

/**
 * Runs the command against a fresh database: an embedded one in a temporary DATA_DIR, or a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set. The real command (`npm run admin:create` runs
 * `tsx src/cli/create-admin.ts`) runs as a child process where the process matters: its arguments, its exit
 * code and its terminal. The other cases call the same command in this process, with the same environment and
 * a closed, non-terminal stdin (a child process costs a TypeScript start-up of seconds per run).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const script = 'src/cli/create-admin.ts';

let dataDir: string;
let pg: DbHandle | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-cli-'));
  if (usingPostgres()) pg = await createTestDb();
});
afterAll(async () => {
  await pg?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // Under NODE_ENV=test the command hashes with the cheap test parameters (lib/password.ts).
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.databaseUrl! } : {}),
    ...extra,
  };
}

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the command in this process without a terminal (stdin is closed). */
async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCreateAdmin(args, {
    env: baseEnv(env),
    stdin: Readable.from([]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** Runs the real command as a child process without a terminal (stdin is a closed pipe). */
function runProcess(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [script, ...args], {
      cwd: serverDir,
      env: baseEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the command on a real pseudo-terminal (util-linux `script`), typing each answer after its prompt. */
function runOnTerminal(args: string[], answers: Array<[prompt: string, answer: string]>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const command = [tsx, script, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: serverDir, env: baseEnv() });
    let output = '';
    let next = 0;
    let searchFrom = 0;
    child.stdout.on('data', (d) => {
      output += d;
      // Answer only once the prompt is shown: by then the terminal no longer echoes.
      const pending = answers[next];
      const at = pending ? output.indexOf(pending[0], searchFrom) : -1;
      if (pending && at >= 0) {
        next++;
        searchFrom = at + pending[0].length;
        child.stdin.write(`${pending[1]}\r`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: output, stderr: '' }));
  });
}

/** Opens the database the command wrote to (the embedded one only once the command has exited). */
async function withDb<R>(fn: (db: Db) => Promise<R>): Promise<R> {
  if (pg) return fn(pg.db);
  const handle = await openPGlite({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

const accountOf = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.status',
      'users.password_hash',
      'users.email_confirmed_at',
      'user_profiles.is_admin',
      'user_profiles.admin_role',
      'user_profiles.name',
      'user_profiles.first_name',
      'user_profiles.last_name',
    ])
    .where('users.email', '=', email)
    .executeTakeFirst();

// Each command opens the embedded database of its DATA_DIR (the first one migrates it) or a PostgreSQL pool: on a
// loaded two-core CI machine that alone has taken over 30 s, so these tests get 120 s.
describe('create-admin', { timeout: 120_000 }, () => {
  it('refuses a password on the command line, and explains why', async () => {
    // Refused before the database is opened: the runs are independent and go side by side.
    const flags = [['--password', 'Hunter-22!'], ['--password=Hunter-22!']];
    const runs = await Promise.all(flags.map((flag) => runProcess(['--email', 'x@example.com', ...flag])));
    for (const res of runs) {
      expect(res.code).toBe(64);
      expect(res.stderr).toMatch(/shell history/);
      expect(res.stderr).toMatch(/ADMIN_PASSWORD/);
      expect(res.stdout + res.stderr).not.toContain('Hunter-22!');
    }
  });

  it('checks its arguments', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /--email is required/],
      [['--email', 'not-an-email'], new RegExp(T.emailInvalid)],
      [['--email', 'a@example.com', '--role', 'god'], /--role must be one of/],
      [['--email', 'a@example.com', '--bogus'], /Unknown option '--bogus'/],
    ];
    // Refused before the database is opened: the runs are independent and go side by side.
    const [help, ...runs] = await Promise.all([
      runProcess(['--help']),
      ...cases.map(([args]) => run(args, { ADMIN_PASSWORD: 'Valid-pass-1' })),
    ]);
    cases.forEach(([args, message], i) => {
      expect(runs[i]!.code, args.join(' ')).toBe(64);
      expect(runs[i]!.stderr).toMatch(message);
    });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: npm run admin:create/);
  });

  it('creates an active, confirmed super admin from ADMIN_PASSWORD, with an audit row', async () => {
    const res = await run(['--email', 'Root@Example.com', '--name', 'Root Admin'], {
      ADMIN_PASSWORD: 'First-admin-pass1',
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Admin account created: root@example\.com \(super_admin\)/);
    // Without APP_URL or PORT the command cannot know where the server listens, and says so.
    expect(res.stdout).toContain('Sign in at /login on the server');
    expect(res.stdout).not.toContain('First-admin-pass1');

    await withDb(async (db) => {
      const row = await accountOf(db, 'root@example.com');
      expect(row).toMatchObject({
        status: 'active',
        is_admin: true,
        admin_role: 'super_admin',
        name: 'Root Admin',
        // Edit Details in User Management shows them.
        first_name: 'Root',
        last_name: 'Admin',
      });
      expect(row!.email_confirmed_at).toBeInstanceOf(Date);
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row!.password_hash, 'First-admin-pass1')).toBe(true);
      const settings = await db
        .selectFrom('user_settings')
        .select('user_id')
        .where('user_id', '=', row!.id)
        .execute();
      expect(settings).toHaveLength(1);
      const user = await getSessionUser({ db, userId: row!.id, mode: 'test' });
      expect(user).toMatchObject({ isAdmin: true, adminRole: 'super_admin' });
      expect(user!.permissions).toEqual([...ROLE_PERMISSIONS.super_admin]);
      const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', row!.id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'admin.created', actor_type: 'system', actor_id: null });
      expect(JSON.stringify(audit[0])).not.toContain('First-admin-pass1');
    });
  });

  it('refuses a password the configured policy rejects, and creates nothing', async () => {
    const res = await run(['--email', 'weak@example.com'], { ADMIN_PASSWORD: 'short' });
    expect(res.code).toBe(65);
    expect(res.stderr).toContain(T.passwordTooShort(8));
    const special = await run(['--email', 'weak@example.com'], { ADMIN_PASSWORD: 'NoSpecialChars1' });
    expect(special.code).toBe(65);
    expect(special.stderr).toContain(T.passwordNeedsSpecial);
    await withDb(async (db) => {
      expect(await accountOf(db, 'weak@example.com')).toBeUndefined();
      // A policy relaxed by the admins applies.
      await db
        .insertInto('system_settings')
        .values({ category: 'security', key: 'password_require_special', value: 'false' })
        .execute();
    });
    const relaxed = await run(['--email', 'weak@example.com'], { ADMIN_PASSWORD: 'NoSpecialChars1' });
    expect(relaxed.code).toBe(0);
  });

  it('promotes an existing merchant, replaces the password and ends its sessions', async () => {
    const { merchantId, token } = await withDb(async (db) => {
      const m = await createUser({
        db,
        email: 'merchant@example.com',
        name: 'Shop Keeper',
        status: 'suspended',
      });
      const session = await createSession({ db, userId: m.id, mode: 'test', ip: null, userAgent: null });
      return { merchantId: m.id, token: session.token };
    });
    const res = await run(['--email', 'MERCHANT@example.com', '--role', 'support_admin'], {
      ADMIN_PASSWORD: 'Promoted-pass-2',
      PORT: '3100',
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /Existing account merchant@example\.com is now an active administrator \(support_admin\)/,
    );
    expect(res.stdout).toContain('Sign in at http://localhost:3100/login');

    await withDb(async (db) => {
      const row = await accountOf(db, 'merchant@example.com');
      expect(row).toMatchObject({
        id: merchantId,
        status: 'active',
        is_admin: true,
        admin_role: 'support_admin',
        name: 'Shop Keeper',
      });
      expect(await verifyPassword(row!.password_hash, 'Promoted-pass-2')).toBe(true);
      expect(await getSessionByToken({ db, token })).toBeNull();
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', merchantId)
        .where('action', '=', 'admin.promoted')
        .executeTakeFirst();
      expect(audit).toMatchObject({
        actor_type: 'system',
        before: { status: 'suspended', isAdmin: false, adminRole: null },
        after: { status: 'active', isAdmin: true, adminRole: 'support_admin', passwordChanged: true },
      });
      const count = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'merchant@example.com')
        .execute();
      expect(count).toHaveLength(1);
    });
  });

  it('without ADMIN_PASSWORD and without a terminal, says how to give the password', async () => {
    const res = await run(['--email', 'nobody@example.com']);
    expect(res.code).toBe(64);
    expect(res.stderr).toMatch(/ADMIN_PASSWORD/);
    await withDb(async (db) => expect(await accountOf(db, 'nobody@example.com')).toBeUndefined());
  });

  it('on a terminal, asks twice without echo and refuses two different answers', async () => {
    const mismatch = await runOnTerminal(
      ['--email', 'tty@example.com'],
      [
        ['Password: ', 'Typed-pass-33'],
        ['Repeat password: ', 'Typed-pass-34'],
      ],
    );
    expect(mismatch.code).toBe(65);
    expect(mismatch.stdout).toContain(T.passwordsDoNotMatch);
    expect(mismatch.stdout).not.toContain('Typed-pass');

    const good = await runOnTerminal(
      ['--email', 'tty@example.com'],
      [
        ['Password: ', 'Typed-pass-35'],
        ['Repeat password: ', 'Typed-pass-35'],
      ],
    );
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('Admin account created: tty@example.com');
    expect(good.stdout).not.toContain('Typed-pass');
    await withDb(async (db) => {
      const row = await accountOf(db, 'tty@example.com');
      expect(await verifyPassword(row!.password_hash, 'Typed-pass-35')).toBe(true);
    });
  });
});
