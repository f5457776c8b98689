import pg from 'pg';
import type { DbHandle } from '#app/db/connection.ts';

/** Namespace of the watchers' advisory locks (first key); the second is hashtext(network). */
const LOCK_NAMESPACE = 0x636c6e; // 'cln'

export type LeaderLock = {
  /** Tries to become the network's watcher; true while held. */
  acquire(): Promise<boolean>;
  readonly held: boolean;
  release(): Promise<void>;
};

/**
 * One watcher per network across all processes. PostgreSQL: pg_try_advisory_lock on a dedicated connection
 * (not the pool): the lock lives as long as that session, so a crashed leader's lock is freed by the server and
 * a standby takes over on its next try. PGlite: the process owns the database, so the lock is held trivially.
 */
export function createLeaderLock({ dbHandle, network }: { dbHandle: DbHandle; network: string }): LeaderLock {
  if (dbHandle.engine !== 'postgres' || !dbHandle.databaseUrl) {
    let held = false;
    return {
      get held() {
        return held;
      },
      async acquire() {
        held = true;
        return true;
      },
      async release() {
        held = false;
      },
    };
  }
  const url = dbHandle.databaseUrl;
  let client: pg.Client | null = null;
  let held = false;
  const drop = () => {
    held = false;
    const c = client;
    client = null;
    c?.end().catch(() => {});
  };
  return {
    get held() {
      return held;
    },
    async acquire() {
      if (held) return true;
      try {
        if (!client) {
          // Named with this process's pid: pg_locks joined with pg_stat_activity says which process leads.
          const c = new pg.Client({
            connectionString: url,
            application_name: `coinlane-watcher-${network}:${process.pid}`,
          });
          c.on('error', drop);
          await c.connect();
          client = c;
        }
        const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [
          LOCK_NAMESPACE,
          network,
        ]);
        held = r.rows[0]?.ok === true;
        return held;
      } catch {
        drop();
        return false;
      }
    },
    async release() {
      const c = client;
      if (!c) return;
      if (held)
        await c
          .query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, network])
          .catch(() => {});
      held = false;
      client = null;
      await c.end().catch(() => {});
    },
  };
}
