import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMetrics, sampleValue } from '#app/test/metrics-text.ts';
import { type ServerProcess, startServerProcess } from '#app/test/server-process.ts';

// The real server process (`node --import tsx apps/server/src/main.ts`, every role, the embedded database) with
// METRICS_PORT=0: it says in its log where its metrics are, serves them there and never on its public port.
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe('main.ts with METRICS_PORT', () => {
  it('serves /metrics on its own port, logged at start, and not on the public one', async () => {
    const server = await startServerProcess({ METRICS_PORT: '0', LOG_LEVEL: 'info' });
    servers.push(server);
    const logged = /"metricsUrl":"(http:\/\/127\.0\.0\.1:(\d+)\/metrics)"/.exec(server.output());
    expect(logged, server.output()).not.toBeNull();
    const metricsUrl = logged![1]!;
    expect(Number(logged![2])).not.toBe(Number(new URL(server.url).port));

    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    const publicMetrics = await fetch(`${server.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('coinlane_');

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parseMetrics(await res.text());
    expect(
      sampleValue(samples, 'coinlane_http_requests_total', {
        route: '/api/v1/health',
        method: 'GET',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'coinlane_http_requests_total', {
        route: '(unmatched)',
        method: 'GET',
        status: '404',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'coinlane_operations_figures_up')).toBe(1);
    expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
  });

  it('refuses to start when the metrics port is taken, naming METRICS_PORT', async () => {
    const taken = http.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    try {
      await expect(startServerProcess({ METRICS_PORT: String(port) })).rejects.toThrow(
        new RegExp(`METRICS_PORT: cannot listen on 127\\.0\\.0\\.1:${port}`),
      );
    } finally {
      taken.close();
    }
  });
});
