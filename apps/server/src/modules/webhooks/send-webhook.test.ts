import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToUrl } from './send-webhook.ts';

// Outgoing POSTs keep their connection for the next one (a burst of an endpoint's events goes over one connection),
// close it when they stop reading an answer, and never lend a connection made where private targets are allowed to a
// guarded call. A real HTTP server on 127.0.0.1 counts the connections it accepts.
describe('connections of outgoing POSTs', () => {
  let server: http.Server;
  let url: string;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // /big answers more than the 64 KB a POST reads of an answer
        res.end(req.url === '/big' ? 'x'.repeat(200 * 1024) : 'ok');
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const post = (path: string, allowPrivate = true) =>
    postToUrl({ url: `${url}${path}`, body: '{}', timeoutMs: 5000, allowPrivate });

  it('sends a burst over one connection, and opens a new one after an answer it cut short', async () => {
    const before = connections;
    for (let i = 0; i < 5; i++) expect(await post('/hooks')).toMatchObject({ ok: true, statusCode: 200 });
    expect(connections - before).toBe(1);

    expect(await post('/big')).toMatchObject({ ok: true, statusCode: 200 });
    expect((await post('/big')).responseExcerpt).toHaveLength(1024);
    expect(await post('/hooks')).toMatchObject({ ok: true });
    // the first /big reused the kept connection and closed it; the second /big and the last POST each opened one
    expect(connections - before).toBe(3);
  });

  it('never lends a connection made where private targets are allowed to a guarded call', async () => {
    // A host name, not an address literal: the guarded call's refusal can only come from the look-up at connect time.
    const named = (allowPrivate: boolean) =>
      postToUrl({ url: url.replace('127.0.0.1', 'localhost'), body: '{}', timeoutMs: 5000, allowPrivate });
    expect(await named(true)).toMatchObject({ ok: true });
    const guarded = await named(false);
    expect(guarded).toMatchObject({ ok: false, statusCode: null });
    expect(guarded.error).toMatch(/private, loopback or link-local/);
  });
});
