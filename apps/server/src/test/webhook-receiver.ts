import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; at: number; path: string };
export type Reply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/**
 * A real HTTP server on 127.0.0.1 that records every request it receives and answers with `respond`
 * (default 200). For webhook tests: the product POSTs to it over a real socket.
 */
export async function startWebhookReceiver(
  respond: (req: ReceivedWebhook, index: number) => Reply = () => ({ status: 200, body: 'ok' }),
  port = 0,
) {
  const received: ReceivedWebhook[] = [];
  let responder = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedWebhook = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        path: req.url ?? '/',
      };
      received.push(r);
      const reply = responder(r, received.length - 1);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...(reply.headers ?? {}) });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hooks`,
    received,
    /** Bodies parsed as JSON, in arrival order. */
    events: () =>
      received.map((r) => JSON.parse(r.body) as { id: string; type: string; [k: string]: unknown }),
    setResponder: (fn: typeof respond) => {
      responder = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
