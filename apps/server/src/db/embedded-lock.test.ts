import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from './connection.ts';

const dirs: string[] = [];
const tempDataDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'coinlane-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('the embedded database is one process’s', () => {
  it('refuses a data directory another running process holds, with the reason; takes a stale lock over', async () => {
    const dataDir = await tempDataDir();
    // The parent process (the test runner) is alive: as if a server had the database open.
    const started = (await fs.readFile(`/proc/${process.ppid}/stat`, 'utf8')).split(') ')[1]!.split(' ')[19];
    await fs.writeFile(path.join(dataDir, 'pgdata.lock'), `${process.ppid} ${started}`);
    const refused = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(`in use by process ${process.ppid}`);
    expect(await fs.readdir(dataDir)).toEqual(['pgdata.lock']); // nothing opened or created

    // The same pid, now another process (started at another time): the lock is stale.
    await fs.writeFile(path.join(dataDir, 'pgdata.lock'), `${process.ppid} 1`);
    const reused = await openDatabase({ dataDir });
    await reused.close();

    // A lock left by a process that no longer runs: taken over, and released on close.
    await fs.writeFile(path.join(dataDir, 'pgdata.lock'), '2147483646');
    const handle = await openDatabase({ dataDir });
    expect(await fs.readFile(path.join(dataDir, 'pgdata.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid} \\d+$`),
    );
    await handle.close();
    expect(await fs.readdir(dataDir)).not.toContain('pgdata.lock');
  });
});
