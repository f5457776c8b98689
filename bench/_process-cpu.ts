// What a benchmark's window cost each process in CPU time, read from /proc (Linux; elsewhere nothing is read).
// On a small machine the load generator, the server and PostgreSQL share the cores, so a rate moves with whatever else
// the host runs; the CPU each party spent per operation moves much less, and says where a change saved.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Milliseconds per clock tick (the unit of /proc/<pid>/stat's times). */
const TICK_MS = (() => {
  try {
    const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return hz > 0 ? 1000 / hz : 10;
  } catch {
    return 10;
  }
})();

export type CpuSnapshot = {
  /** pid -> its command name and CPU time so far (user and system, ms) */
  processes: Map<number, { comm: string; ms: number }>;
  /** the machine's busy and total CPU time so far (ms, all cores) */
  machineBusy: number;
  machineTotal: number;
};

/** Every process's CPU time now, and the machine's; null where /proc is not there. */
export function cpuSnapshot(): CpuSnapshot | null {
  if (!fs.existsSync('/proc/stat')) return null;
  const processes = new Map<number, { comm: string; ms: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // it exited meanwhile
    }
    // the command name is in parentheses and may hold spaces; utime and stime are fields 14 and 15
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(Number(name), { comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
  }
  const cpu = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = cpu.reduce((a, b) => a + b, 0) * TICK_MS;
  const idle = ((cpu[3] ?? 0) + (cpu[4] ?? 0)) * TICK_MS;
  return { processes, machineBusy: total - idle, machineTotal: total };
}

/**
 * CPU milliseconds spent between two snapshots by the processes `pick` chooses (a process started in between counts
 * whole; one that ended in between is not seen, which under a steady load is a pool's rare reconnection).
 */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
  pick: (pid: number, comm: string) => boolean,
): number {
  let ms = 0;
  for (const [pid, p] of after.processes) {
    if (!pick(pid, p.comm)) continue;
    const was = before.processes.get(pid);
    ms += p.ms - (was && was.comm === p.comm ? was.ms : 0);
  }
  return ms;
}
