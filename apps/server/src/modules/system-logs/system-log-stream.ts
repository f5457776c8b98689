import type { Db } from '#app/db/connection.ts';

/** pino's numeric levels: warn 40, error 50, fatal 60 (stored as error). Lower levels are never stored. */
const WARN = 40;
const ERROR = 50;
/** Lines written per INSERT, and how many may wait for one; beyond that the oldest are dropped (and counted). */
const BATCH = 200;
const MAX_BUFFERED = 5000;
/** The longest message and metadata kept per line (characters of text, of JSON). */
export const MESSAGE_MAX = 2000;
export const METADATA_MAX = 8000;
/** Fields of a pino line that are not metadata. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'service', 'v']);

export type SystemLogStream = {
  /** pino's destination interface: one JSON line per call. Never throws and never waits. */
  write(line: string): void;
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  /** Lines dropped since start: buffer overflow or a failed insert. */
  readonly dropped: number;
};

type Row = {
  level: 'error' | 'warn';
  service: string;
  message: string;
  metadata: string | undefined;
  created_at: Date;
};

/**
 * A pino destination that keeps the warn and error lines of this process in system_logs (the back-office's System
 * Logs), in batches: `write` only parses and buffers; a timer (unref'd) or a full batch starts one INSERT at a
 * time, so logging never waits on the database nor fails the caller. If the database refuses a batch, the batch
 * is dropped and counted (a note goes to stderr, never back into the logger). Lines reach it already redacted by
 * the logger (http/log.ts REDACT_PATHS); `scrub` removes secret values that free text may still carry (a token in a
 * URL of a message). A line's `service` binding names the role that wrote it (server.ts gives each role's logger
 * one), else `defaultService`.
 */
export function createSystemLogStream({
  db,
  defaultService,
  scrub = (text) => text,
  flushMs = 1000,
}: {
  db: Db;
  defaultService: string;
  scrub?: (text: string) => string;
  flushMs?: number;
}): SystemLogStream {
  let buffer: Row[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let lastNote = 0;

  const note = (text: string) => {
    const now = Date.now();
    if (now - lastNote < 60_000) return;
    lastNote = now;
    process.stderr.write(`system_logs: ${text}\n`);
  };

  const writeBatch = async (rows: Row[]) => {
    try {
      await db.insertInto('system_logs').values(rows).execute();
    } catch (err) {
      dropped += rows.length;
      note(`${rows.length} log lines not stored: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const drain = async () => {
    while (buffer.length > 0) {
      const rows = buffer.slice(0, BATCH);
      buffer = buffer.slice(BATCH);
      await writeBatch(rows);
    }
  };

  const start = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!writing) {
      writing = drain().finally(() => {
        writing = null;
      });
    }
    return writing;
  };

  const schedule = () => {
    if (buffer.length >= BATCH) {
      void start();
      return;
    }
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        void start();
      }, flushMs);
      timer.unref();
    }
  };

  return {
    write(line: string) {
      try {
        const row = rowOf(line, defaultService, scrub);
        if (!row) return;
        buffer.push(row);
        if (buffer.length > MAX_BUFFERED) {
          const over = buffer.length - MAX_BUFFERED;
          buffer = buffer.slice(over);
          dropped += over;
          note(`${over} log lines dropped: the database does not keep up`);
        }
        schedule();
      } catch {
        dropped++;
      }
    },
    async flush() {
      while (writing || buffer.length > 0) await start();
    },
    get dropped() {
      return dropped;
    },
  };
}

/** One stored row from a pino JSON line, or null for a line below warn or not JSON. */
function rowOf(line: string, defaultService: string, scrub: (text: string) => string): Row | null {
  const parsed = JSON.parse(line) as Record<string, unknown>;
  const level = typeof parsed.level === 'number' ? parsed.level : 0;
  if (level < WARN) return null;
  const metadata: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed)) if (!OWN_FIELDS.has(k)) metadata[k] = v;
  let meta: string | undefined =
    Object.keys(metadata).length > 0 ? scrub(JSON.stringify(metadata)) : undefined;
  if (meta && meta.length > METADATA_MAX) {
    meta = JSON.stringify({ truncated: true, excerpt: meta.slice(0, METADATA_MAX - 100) });
  }
  const msg = typeof parsed.msg === 'string' ? parsed.msg : '';
  return {
    level: level >= ERROR ? 'error' : 'warn',
    service: typeof parsed.service === 'string' ? parsed.service.slice(0, 50) : defaultService,
    message: scrub(msg).slice(0, MESSAGE_MAX) || '(no message)',
    metadata: meta,
    created_at: typeof parsed.time === 'number' ? new Date(parsed.time) : new Date(),
  };
}
