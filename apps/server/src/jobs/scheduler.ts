import type { FastifyBaseLogger } from 'fastify';

/**
 * A small in-process scheduler for the `scheduler` role: each task runs every `everyMs`, never overlapping
 * itself, with errors logged and the next run kept. The first run starts at once. The job-queue issue
 * replaces this with PostgreSQL-backed schedules; every task is already safe to run twice (two schedulers
 * at once, or a run repeated after a crash), since each change goes through row locks and state checks.
 */
export type ScheduledTask = { name: string; everyMs: number; run: () => Promise<unknown> };

export type Scheduler = {
  /** Runs one task now (tests and manual triggers); resolves when it has finished. */
  runNow(name: string): Promise<void>;
  /** Stops the timers and waits for running tasks to finish. */
  stop(): Promise<void>;
};

export function startScheduler({
  tasks,
  log,
}: {
  tasks: readonly ScheduledTask[];
  log: FastifyBaseLogger;
}): Scheduler {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const runTask = (task: ScheduledTask): Promise<void> => {
    const current = running.get(task.name);
    if (current) return current; // still running: this tick is skipped
    const started = Date.now();
    const p = task
      .run()
      .then(
        () => log.debug({ task: task.name, ms: Date.now() - started }, 'scheduled task done'),
        (err: unknown) => log.error({ task: task.name, err }, 'scheduled task failed'),
      )
      .finally(() => running.delete(task.name));
    running.set(task.name, p);
    return p;
  };

  for (const task of tasks) {
    void runTask(task);
    const timer = setInterval(() => {
      if (!stopped) void runTask(task);
    }, task.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    async runNow(name) {
      const task = tasks.find((t) => t.name === name);
      if (!task) throw new Error(`unknown task ${name}`);
      await runTask(task);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
