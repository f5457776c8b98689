#!/usr/bin/env node
// `npm run bench -- <name> [args]`: runs bench/<name>.ts with tsx. Without a name, lists the benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.slice(0, -3))
  .sort();

/** The first line of the file's leading comment, as its description. */
const describe = (name) => {
  const text = fs.readFileSync(path.join(dir, `${name}.ts`), 'utf8');
  const m = /^\s*(?:\/\/|\/\*\*?|\*)\s*(.+)$/m.exec(text);
  return m ? m[1].replace(/\*\/\s*$/, '').trim() : '';
};

const [name, ...rest] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h' || !available.includes(name)) {
  if (name && !['--help', '-h'].includes(name)) console.error(`Unknown benchmark "${name}".\n`);
  console.log('Usage: npm run bench -- <name> [options]\n\nAvailable benchmarks:');
  for (const b of available) console.log(`  ${b.padEnd(16)} ${describe(b)}`);
  process.exit(name && !['--help', '-h'].includes(name) ? 1 : 0);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`), ...rest], {
  stdio: 'inherit',
  cwd: path.resolve(dir, '..'),
});
// A terminal's Ctrl-C reaches the benchmark itself (one process group); a SIGINT or SIGTERM sent to this process
// alone is passed on. Either way this process waits for the benchmark to clean up and exits as it does (it used to
// exit at once, handing the prompt back while the benchmark was still stopping its servers).
child.on('error', (err) => {
  console.error(err);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
