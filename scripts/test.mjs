#!/usr/bin/env node
// `npm test`: the whole suite, on the parts this machine has.
//  1. core, web, server and SDK tests on PGlite (always);
//  2. the server tests again on PostgreSQL (TEST_DATABASE_URL, or the local server at 127.0.0.1:5432 when it answers);
//  3. the browser journeys in e2e/ with Chromium (/usr/bin/chromium or CHROMIUM_PATH), on PostgreSQL when present;
//  4. the WooCommerce plugin's PHPUnit suites (integrations/woocommerce), one against a real server, with Debian's
//     php-cli and phpunit (/usr/bin/php and /usr/bin/phpunit, or PHP_PATH and PHPUNIT_PATH).
// A part whose program is missing is skipped with the reason; with CI=true a missing part fails the run.
// The parts run side by side (each is one vitest process, with two workers where it has many files, and much of the
// server and browser tests' time is spent waiting on nodes, browsers and timers); each part's
// output is kept and printed whole when it ends, with a line every minute saying what still runs, and the run ends
// with the slowest test files and every failed test named. --serial runs them one by one.
// Flags: --only=unit|postgres|e2e|php (repeatable) to run some parts; anything after `--` goes to vitest.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const args = process.argv.slice(2);
const dashdash = args.indexOf('--');
const extra = dashdash >= 0 ? args.slice(dashdash + 1) : [];
const only = args.filter((a) => a.startsWith('--only=')).map((a) => a.slice(7));
const serial = args.includes('--serial');
const want = (part) => only.length === 0 || only.includes(part);
const CI = process.env.CI === 'true' || process.env.CI === '1';
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const php = process.env.PHP_PATH || '/usr/bin/php';
const phpunit = process.env.PHPUNIT_PATH || '/usr/bin/phpunit';

const totals = { passed: 0, failed: 0, skipped: 0 };
const skippedParts = [];
let exitCode = 0;
/** Each part's vitest exit status, printed at the end (a part can fail with every test passed: an error outside
 *  the tests, a process that would not close). */
const statuses = [];
/** Every failed test, named, printed again at the very end: CI keeps only the tail of the output. */
const failures = [];
/** [part, file, seconds] of every test file, for the slowest ones' list at the end. */
const durations = [];

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_PG;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Writes to standard output synchronously, whatever mode the pipe is in: a pipe shared with npm can be
 * non-blocking, and a large part's output written as a stream could then fail (EAGAIN) or be cut off at exit.
 */
function writeOut(text) {
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
  let off = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (err) {
      if (err.code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
}

/** Runs one part (a vitest process); resolves when it ended, its output printed and its counts added. */
async function vitest(label, projects, env, more = []) {
  const out = path.join(os.tmpdir(), `coinlane-vitest-${process.pid}-${label.replace(/\W+/g, '-')}.json`);
  const argv = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...more,
    // A filter may match no file of some part (or of one half): that part then passes rather than fails.
    ...(extra.length > 0 ? ['--passWithNoTests'] : []),
    ...extra,
  ];
  const started = Date.now();
  running.add(label);
  // Alone, the part writes straight to the terminal; beside others, its output is kept and printed in one piece.
  const alone = serial || parts.length === 1;
  if (alone) console.log(`\n=== ${label} ===`);
  const child = spawn('npx', argv, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, ...(alone ? {} : { FORCE_COLOR: '1' }) },
  });
  const chunks = [];
  child.stdout?.on('data', (c) => chunks.push(c));
  child.stderr?.on('data', (c) => chunks.push(c));
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  running.delete(label);
  if (!alone) {
    writeOut(`\n=== ${label} (${Math.round((Date.now() - started) / 1000)} s) ===\n`);
    writeOut(Buffer.concat(chunks));
  }
  let counted = false;
  try {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    counted = true;
    // A file that failed to load counts as a failure even though it ran no test.
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) totals.failed += r.numFailedTestSuites;
    for (const file of r.testResults ?? []) {
      const rel = path.relative(process.cwd(), file.name);
      const seconds = ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000;
      if (seconds > 0) durations.push([label, rel, seconds]);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) {
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${label}: ${rel} > ${t.fullName}${why ? `\n    ${why}` : ''}`);
      }
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(
          `${label}: ${rel} (the file failed outside its tests)${file.message ? `\n    ${String(file.message).split('\n')[0].slice(0, 300)}` : ''}`,
        );
    }
  } catch {}
  fs.rmSync(out, { force: true });
  statuses.push(`${label}: vitest exited with ${status}${counted ? '' : ' (no report)'}`);
  if (status !== 0) {
    exitCode = 1;
    if (!counted) totals.failed += 1;
  }
}

function skip(part, reason) {
  const line = `${part}: skipped (${reason})`;
  skippedParts.push(line);
  console.log(`\n=== ${line} ===`);
  if (CI) {
    console.error(`CI=true: ${part} is required here.`);
    exitCode = 1;
    totals.failed += 1;
  }
}

const pgUrl = want('postgres') || want('e2e') ? await postgresUrl() : null;

/** The parts to run: [label, projects, env], in the order they are printed when run one by one. */
const parts = [];
if (want('unit'))
  parts.push([
    'core, web, server and sdk on PGlite',
    ['core', 'web', 'server', 'server-isolated', 'sdk'],
    { TEST_DATABASE_URL: '' },
    // The largest part (about 250 files): on a 2-core machine vitest would give it one worker (cores - 1), and it
    // then ran alone on one core for its last ten minutes after the other parts had ended. Two workers share the
    // machine with the other parts while they run and use both cores after.
    serial ? [] : [`--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`],
  ]);

if (want('postgres')) {
  if (pgUrl)
    parts.push([
      `server on PostgreSQL (${new URL(pgUrl).host})`,
      ['server', 'server-isolated'],
      { TEST_DATABASE_URL: pgUrl },
      // Two workers (each file on its own database): with one, this part ended last, for minutes.
      serial ? [] : ['--maxWorkers=2'],
    ]);
  else
    skip(
      'server on PostgreSQL',
      `no PostgreSQL answers at ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : '127.0.0.1:5432'}`,
    );
}

if (want('e2e')) {
  if (!fs.existsSync(chromium))
    skip('browser journeys', `no Chromium at ${chromium}; apt-get install -y chromium`);
  else
    parts.push([
      `browser journeys (Chromium, ${pgUrl ? 'PostgreSQL' : 'PGlite'})`,
      ['e2e'],
      { CHROMIUM_PATH: chromium, TEST_DATABASE_URL: pgUrl ?? '' },
      // Two journeys at a time (each its own server, browser and nodes on free ports): one at a time, they were the
      // last part running, alone on one core, for the last third of the run.
      serial ? [] : ['--maxWorkers=2'],
    ]);
}

if (want('php')) {
  const missing = [php, phpunit].filter((p) => !fs.existsSync(p));
  if (missing.length > 0)
    skip('WooCommerce plugin (PHP)', `no ${missing.join(' nor ')}; apt-get install -y php-cli phpunit`);
  else
    parts.push([
      'WooCommerce plugin (PHP)',
      ['woocommerce'],
      { PHPUNIT_PATH: phpunit, TEST_DATABASE_URL: '' },
    ]);
}

const running = new Set();
const began = Date.now();
if (serial) {
  for (const part of parts) await vitest(...part);
} else {
  if (parts.length > 1) console.log(`\nRunning side by side: ${parts.map((p) => p[0]).join('; ')}.`);
  const heartbeat = setInterval(() => {
    const minutes = Math.round((Date.now() - began) / 60_000);
    console.log(`... ${minutes} min: still running: ${[...running].join('; ')}`);
  }, 60_000);
  await Promise.all(parts.map((part) => vitest(...part)));
  clearInterval(heartbeat);
}

writeOut('\n');
const slowest = [...durations].sort((a, b) => b[2] - a[2]).slice(0, 12);
if (slowest.length > 0) {
  writeOut('Slowest test files:\n');
  for (const [part, file, seconds] of slowest) writeOut(`  ${Math.round(seconds)} s  ${file}  (${part})\n`);
}
if (failures.length > 0) {
  writeOut('Failed:\n');
  for (const line of failures) writeOut(`  ${line}\n`);
}
for (const line of skippedParts) writeOut(`skipped part: ${line}\n`);
for (const line of statuses) writeOut(`${line}\n`);
writeOut(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
// exitCode rather than exit(): the output above (each part's, printed whole) is written out before the process ends
process.exitCode = exitCode;
