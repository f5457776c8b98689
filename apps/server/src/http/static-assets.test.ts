import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * The built web app as the server sends it: the precompressed copies the web build writes (apps/web/scripts/
 * compress.mjs) to clients that accept them, hashed assets cached for a year, pages revalidated.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-dist-'));
const js = `export const big = ${JSON.stringify('coinlane '.repeat(4000))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/payment-AbCd_123.js"></script></head><body>${'<p>hosted page</p>'.repeat(200)}</body></html>`;
function write(rel: string, text: string, compressed = true) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (compressed) {
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
}
const appHtml = html.replace(/hosted page/g, 'merchant app');
write('index.html', appHtml);
write('payment.html', html);
write('assets/payment-AbCd_123.js', js);
write('theme-init.js', 'document.documentElement.classList.add("dark");', false);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ webDistDir: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app on the wire', () => {
  it('sends a hashed script as brotli, or gzip, or plain, cached for a year', async () => {
    const br = await get('/assets/payment-AbCd_123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('/assets/payment-AbCd_123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/payment-AbCd_123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends the hosted payment page compressed and revalidated on every visit', async () => {
    const page = await get('/payment/lnk_anything', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    expect(page.headers['cache-control']).toBe('no-cache');
    const app = await get('/dashboard', 'br');
    expect(app.headers['cache-control']).toBe('no-cache');
    // Unhashed files are revalidated too: a new build is picked up at once.
    expect((await get('/theme-init.js', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the light bundle for the subscribe page and the subscriber portal, the app for the rest', async () => {
    const page = async (url: string) => {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return zlib.brotliDecompressSync(res.rawPayload).toString();
    };
    for (const url of [
      '/subscribe/plan_01abc',
      '/subscription-portal?token=Abc123Abc123Abc123Abc123Abc123Abc123xyz',
      '/subscription-portal/?token=x&lang=es',
      '/subscription-portal',
    ]) {
      expect(await page(url), url).toBe(html);
    }
    // The merchant's own pages keep the app, even where their path starts alike.
    for (const url of ['/subscriptions', '/subscriptions/plans', '/subscribe', '/subscription-portals']) {
      expect(await page(url), url).toBe(appHtml);
    }
  });
});
