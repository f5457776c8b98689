import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one request: pass it on, pass it on and drop the answer, or answer by itself. */
export type Fault =
  | 'pass'
  | 'drop-response'
  | { status: number; headers?: Record<string, string>; body: string };

export type SeenRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; at: number };

/**
 * A local HTTP proxy in front of the real server, to make failures happen on purpose: `drop-response` forwards the
 * request, lets the server finish it, then destroys the client's socket instead of answering (the client sees a
 * dropped connection, the server has done the work); a fixed answer stands in for the server (the proxy's own
 * 429, named as such in the tests). Every request is recorded.
 */
export async function startFaultProxy(target: string, decide: (req: SeenRequest, index: number) => Fault) {
  const seen: SeenRequest[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const request: SeenRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      at: Date.now(),
    };
    seen.push(request);
    const fault = decide(request, seen.length - 1);
    if (typeof fault === 'object') {
      req.resume();
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(fault.body);
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        if (fault === 'drop-response') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
