import { HEALTH_TIMEOUT_MS } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchHealth, healthKey } from '../api/admin-api.ts';

export type TServiceStatus = 'healthy' | 'unhealthy' | 'unknown';

/** What the dashboard knows about the services, from GET /health alone: nothing is assumed. */
export type THealthView = {
  api: { status: TServiceStatus; responseTime: number | null; problem: Problem | null };
  database: { status: TServiceStatus; responseTime: number | null; engine: string | null };
  uptime: number | null;
  checkedAt: number;
  /** The health call itself failed (admin spec 8: 'Failed to load system health...'). */
  failed: boolean;
};

/** Why a check failed (admin spec 8): a time-out, an HTTP failure, or any other network error. */
export type Problem = { kind: 'timeout'; ms: number } | { kind: 'http'; text: string } | { kind: 'network' };

async function checkHealth(signal: AbortSignal): Promise<THealthView> {
  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort();
  signal.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, HEALTH_TIMEOUT_MS);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const data = await fetchHealth(ctrl.signal);
    return {
      api: { status: 'healthy', responseTime: elapsed(), problem: null },
      database: {
        status: data.database.status,
        responseTime: data.database.responseTime,
        engine: data.database.engine,
      },
      uptime: data.uptime,
      checkedAt: Date.now(),
      failed: false,
    };
  } catch (err) {
    if (signal.aborted) throw err;
    const checkedAt = Date.now();
    // 503 with the service's own error: the API answered, the database did not.
    if (err instanceof ApiError && err.code === 'SERVICE_UNAVAILABLE') {
      return {
        api: { status: 'healthy', responseTime: elapsed(), problem: null },
        database: { status: 'unhealthy', responseTime: null, engine: null },
        uptime: null,
        checkedAt,
        failed: false,
      };
    }
    const problem: Problem = timedOut
      ? { kind: 'timeout', ms: HEALTH_TIMEOUT_MS }
      : err instanceof ApiError && err.status > 0
        ? {
            kind: 'http',
            text: err.message.startsWith('HTTP ') ? err.message : T.httpStatus(err.status, err.message),
          }
        : { kind: 'network' };
    return {
      api: { status: 'unhealthy', responseTime: null, problem },
      database: { status: 'unknown', responseTime: null, engine: null },
      uptime: null,
      checkedAt,
      failed: true,
    };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

export function useHealth() {
  return useQuery({
    queryKey: healthKey,
    queryFn: ({ signal }) => checkHealth(signal),
    refetchInterval: 30_000,
    retry: false,
  });
}
