// The WooCommerce plugin's PHPUnit suites, run from the test suite (`npm test` → the part "WooCommerce plugin (PHP)"):
//  - `unit`: the plugin on stubs of WordPress/WooCommerce (tests/stubs) and a fake Coinlane transport;
//  - `server`: the plugin against the real Coinlane server started here (the server tests' fresh database, the
//    webhooks role delivering to the PHP test's own socket), with the test network's clock running meanwhile.
// php and phpunit come from Debian (apt-get install -y php-cli phpunit); scripts/test.mjs skips this part without
// them, and fails it when CI=true.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { type CoinlaneServer, startCoinlaneServer } from '../../packages/sdk/test/support/coinlane-server.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const phpunit = process.env.PHPUNIT_PATH || '/usr/bin/phpunit';

type SuiteResult = {
  status: number;
  output: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
};

/** Runs one PHPUnit suite; its counts come from its JUnit report. */
async function runSuite(suite: 'unit' | 'server', env: Record<string, string> = {}): Promise<SuiteResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `coinlane-phpunit-${suite}-`));
  const junit = path.join(dir, 'junit.xml');
  const child = spawn(phpunit, ['--testsuite', suite, '--log-junit', junit], {
    cwd: here,
    env: { ...process.env, ...env },
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => chunks.push(c));
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const output = Buffer.concat(chunks).toString('utf8');
  // PHPUnit's own summary, in this part's output.
  console.log(`phpunit --testsuite ${suite}\n${output}`);
  const xml = fs.existsSync(junit) ? fs.readFileSync(junit, 'utf8') : '';
  fs.rmSync(dir, { recursive: true, force: true });
  const top =
    /<testsuite name="[^"]*" tests="(\d+)" assertions="\d+" errors="(\d+)" warnings="\d+" failures="(\d+)" skipped="(\d+)"/.exec(
      xml,
    );
  return {
    status,
    output,
    tests: Number(top?.[1] ?? 0),
    errors: Number(top?.[2] ?? 0),
    failures: Number(top?.[3] ?? 0),
    skipped: Number(top?.[4] ?? 0),
  };
}

beforeAll(() => {
  if (!fs.existsSync(phpunit)) {
    throw new Error(`No PHPUnit at ${phpunit}: apt-get install -y php-cli phpunit (or set PHPUNIT_PATH)`);
  }
});

describe('the WooCommerce plugin (PHP)', () => {
  it('passes its unit tests: order to payment link, signatures accepted and refused, partial and over payments, refunds', async () => {
    const r = await runSuite('unit');
    expect(r.output).toMatch(/OK \(\d+ tests?, \d+ assertions?\)/);
    expect({ status: r.status, failures: r.failures, errors: r.errors, skipped: r.skipped }).toEqual({
      status: 0,
      failures: 0,
      errors: 0,
      skipped: 0,
    });
    expect(r.tests).toBeGreaterThanOrEqual(30);
  });

  describe('against a real Coinlane server', () => {
    let server: CoinlaneServer;
    let clock: ReturnType<typeof setInterval> | undefined;
    let ticking = false;

    beforeAll(async () => {
      server = await startCoinlaneServer();
      // The test network's clock, as the scheduler role runs it: every tick confirms the simulated transfers.
      clock = setInterval(() => {
        if (ticking) return;
        ticking = true;
        advanceTestNetwork({ deps: server.ctx.app.payments, db: server.ctx.db, blockSeconds: 0 })
          .catch(() => {})
          .finally(() => {
            ticking = false;
          });
      }, 200);
    });
    afterAll(async () => {
      if (clock) clearInterval(clock);
      await server?.close();
    });

    it('pays an order through a real payment link and real signed webhooks, then refunds part of it', async () => {
      const { key } = await server.merchant();
      const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-woo-')), 'report.json');
      const r = await runSuite('server', {
        COINLANE_TEST_URL: server.url,
        COINLANE_TEST_API_KEY: key,
        COINLANE_TEST_REPORT: report,
      });
      expect({
        status: r.status,
        tests: r.tests,
        failures: r.failures,
        errors: r.errors,
        skipped: r.skipped,
      }).toEqual({ status: 0, tests: 1, failures: 0, errors: 0, skipped: 0 });

      // What Coinlane itself shows the merchant: the payment confirmed, the plugin's answers to the deliveries, and
      // the refund request made with the key.
      const done = JSON.parse(fs.readFileSync(report, 'utf8')) as { paymentId: string; linkId: string };
      fs.rmSync(path.dirname(report), { recursive: true, force: true });
      const api = async (p: string) => {
        const res = await fetch(`${server.url}/api/v1${p}`, { headers: { authorization: `Bearer ${key}` } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: unknown }).data;
      };
      expect(await api(`/payments/${done.paymentId}`)).toMatchObject({
        status: 'confirmed',
        paymentLinkId: done.linkId,
      });
      const events = (await api('/webhooks/events?limit=50')) as {
        items: { type: string; deliveryState: string; lastStatusCode: number | null }[];
      };
      const answered = events.items.map((e) => ({
        type: e.type,
        deliveryState: e.deliveryState,
        lastStatusCode: e.lastStatusCode,
      }));
      expect(answered).toContainEqual({
        type: 'payment.partial',
        deliveryState: 'delivered',
        lastStatusCode: 200,
      });
      expect(answered).toContainEqual({
        type: 'payment.confirmed',
        deliveryState: 'delivered',
        lastStatusCode: 200,
      });
      expect(await api(`/payments/${done.paymentId}/refunds`)).toMatchObject({
        refunds: [{ status: 'awaiting_address', requestedBy: 'api_key', reason: 'Returned item' }],
      });
    });
  });
});
