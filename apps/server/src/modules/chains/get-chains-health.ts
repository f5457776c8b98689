import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { selectCursors } from './queries.ts';
import { localWatchers } from './start-chain-watchers.ts';

/** A watcher is reported stale when its status has not been written for this long. */
const STALE_MS = 30_000;

export type ChainHealth = {
  network: string;
  mode: string;
  status: 'healthy' | 'lagging' | 'error' | 'stale' | 'starting';
  nodeTip: number | null;
  processedHeight: number | null;
  lag: number | null;
  lastError: string | null;
  lastErrorAt: string | null;
  lastBlockTime: string | null;
  statusAt: string | null;
  /** This process runs the network's watcher and holds its leader lock (the others stand by, or run no watcher). */
  leaderHere: boolean;
};

/**
 * For GET /api/v1/health, the Health Monitor and the metrics' watcher gauges: per configured network, what its watcher last reported (stored in
 * chain_cursors, so any process answers), preferring this process's live view when it runs the watcher.
 */
export async function getChainsHealth({
  db,
  config,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  now?: Date;
}): Promise<ChainHealth[]> {
  if (config.configuredChains.length === 0) return [];
  const rows = new Map((await selectCursors(db)).map((r) => [r.network, r]));
  const local = new Map(
    localWatchers()
      .map((w) => w.status())
      .filter((s) => s.leader)
      .map((s) => [s.network, s]),
  );
  return config.configuredChains.map((c): ChainHealth => {
    const row = rows.get(c.network);
    const live = local.get(c.network);
    const nodeTip = live?.nodeTip ?? row?.node_tip ?? null;
    const processedHeight = live?.processedHeight ?? row?.height ?? null;
    const lag = nodeTip !== null && processedHeight !== null ? Math.max(0, nodeTip - processedHeight) : null;
    const lastError = live ? live.lastError : (row?.last_error ?? null);
    const statusAt = live ? now : (row?.status_at ?? null);
    const status: ChainHealth['status'] = !statusAt
      ? 'starting'
      : now.getTime() - statusAt.getTime() > STALE_MS
        ? 'stale'
        : lastError
          ? 'error'
          : lag !== null && lag > 2
            ? 'lagging'
            : 'healthy';
    return {
      network: c.network,
      mode: c.mode,
      status,
      nodeTip,
      processedHeight,
      lag,
      lastError,
      lastErrorAt: live?.lastErrorAt ?? row?.last_error_at?.toISOString() ?? null,
      lastBlockTime: live?.lastBlockTime ?? row?.last_block_time?.toISOString() ?? null,
      statusAt: statusAt?.toISOString() ?? null,
      leaderHere: live !== undefined,
    };
  });
}
