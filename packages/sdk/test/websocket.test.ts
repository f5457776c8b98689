import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { HandshakeError, WebSocketClient, type WebSocketClose } from '../src/cli/websocket.ts';

// The CLI's own RFC 6455 client against the `ws` package's server (the one Coinlane's server runs on).

let httpServer: http.Server;
let wss: WebSocketServer;
let url: string;

beforeAll(async () => {
  httpServer = http.createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"success":false,"error":{"message":"Invalid API key"}}');
  });
  wss = new WebSocketServer({ noServer: true });
  httpServer.on('upgrade', (req, socket, head) => {
    if (req.headers.authorization !== 'Bearer good') {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 13\r\nConnection: close\r\n\r\nInvalid token');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  wss.close();
  await new Promise((r) => httpServer.close(r));
});

async function connected() {
  const serverSide = new Promise<import('ws').WebSocket>((r) => wss.once('connection', r));
  const client = await WebSocketClient.connect(url, { headers: { Authorization: 'Bearer good' } });
  const messages: string[] = [];
  let closed: WebSocketClose | null = null;
  client.onMessage = (t) => messages.push(t);
  client.onClose = (c) => {
    closed = c;
  };
  return { client, server: await serverSide, messages, closed: () => closed };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the CLI WebSocket client', () => {
  it('receives short, 16-bit and 64-bit length messages and fragmented ones, and sends masked text', async () => {
    const { client, server, messages } = await connected();
    const big = 'x'.repeat(70_000);
    server.send('hello');
    server.send('é'.repeat(200));
    server.send(big);
    server.send('frag', { fin: false });
    server.send('mented', { fin: true });
    await until(() => messages.length === 4, 'four messages');
    expect(messages).toEqual(['hello', 'é'.repeat(200), big, 'fragmented']);

    const got = new Promise<string>((r) => server.once('message', (d) => r(d.toString())));
    client.send('{"type":"ping"}');
    expect(await got).toBe('{"type":"ping"}');
  });

  it('answers ping frames with pong, so the server keeps it', async () => {
    const { server } = await connected();
    const pong = new Promise<string>((r) => server.once('pong', (d) => r(d.toString())));
    server.ping('are you there');
    expect(await pong).toBe('are you there');
  });

  it("reports the server's close code and reason, and a dropped connection as 1006", async () => {
    const a = await connected();
    a.server.close(4001, 'Invalid API key');
    await until(() => a.closed() !== null, 'the close');
    expect(a.closed()).toEqual({ code: 4001, reason: 'Invalid API key' });

    const b = await connected();
    b.server.terminate();
    await until(() => b.closed() !== null, 'the drop');
    expect(b.closed()).toEqual({ code: 1006, reason: '' });
  });

  it('closes cleanly from its side', async () => {
    const c = await connected();
    const seen = new Promise<number>((r) => c.server.once('close', (code) => r(code)));
    c.client.close(1000, 'bye');
    expect(await seen).toBe(1000);
    await until(() => c.closed() !== null, 'the close');
  });

  it('rejects with HandshakeError when the server answers over HTTP', async () => {
    const err = await WebSocketClient.connect(url, { headers: { Authorization: 'Bearer bad' } }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(HandshakeError);
    expect(err).toMatchObject({ status: 401, body: 'Invalid token' });
  });
});
