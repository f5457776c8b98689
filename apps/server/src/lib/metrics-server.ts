import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type MetricsServer = {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  url: string;
  close(): Promise<void>;
};

/**
 * The internal metrics port (METRICS_PORT, METRICS_HOST; decision 028): a plain node:http server, apart from the
 * public app, that answers `GET /metrics` (and HEAD) with `render()` in Prometheus's text format and everything
 * else with 404 (405 for another method on /metrics). Rejects when the port cannot be taken (in use, no right).
 */
export async function startMetricsServer({
  host,
  port,
  render,
  contentType,
  onError,
}: {
  host: string;
  port: number;
  render: () => Promise<string>;
  contentType: string;
  /** A scrape that failed to render (logged by the caller); the scraper gets a 500. */
  onError?: (err: unknown) => void;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    render().then(
      (text) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        onError?.(err);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  // A scraper's keep-alive connections must not hold the process open at shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    port: actual,
    url: `http://${shownHost}:${actual}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
