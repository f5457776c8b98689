// Helper process of bench/live.ts (not a benchmark itself): holds idle WebSocket clients for the memory figure.
//
//   node --import tsx bench/_live-clients.ts <ws url> <local address>
// Reads commands on stdin, one per line: `open <n>` opens n more clients (a few hundred at a time, each waiting
// for its `hello`), then prints one JSON line {"open": total, "failed": n, "error": first error or null}.
// Clients answer the server's pings (ws does that by itself) and never send anything. Exits when stdin ends.
import readline from 'node:readline';
import WebSocket from 'ws';

const [url, localAddress] = process.argv.slice(2);
if (!url || !localAddress) throw new Error('usage: _live-clients.ts <ws url> <local address>');

const clients: WebSocket[] = [];
const CONCURRENCY = 250;

function openOne(): Promise<string | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url!, { localAddress, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('no hello within 30 s');
    }, 30_000);
    ws.once('message', (data) => {
      clearTimeout(timer);
      if (String(data).includes('"hello"')) {
        clients.push(ws);
        resolve(null);
      } else resolve(`unexpected first message ${String(data).slice(0, 100)}`);
    });
    ws.once('close', (code, reason) => {
      clearTimeout(timer);
      resolve(`closed ${code} ${reason}`);
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      resolve(String(err));
    });
  });
}

async function open(n: number) {
  let failed = 0;
  let error: string | null = null;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, n) }, async () => {
      while (next < n) {
        next++;
        const e = await openOne();
        if (e) {
          failed++;
          error ??= e;
        }
      }
    }),
  );
  return { open: clients.length, failed, error };
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', async (line) => {
  const m = /^open (\d+)$/.exec(line.trim());
  if (!m) return;
  const result = await open(Number(m[1]));
  process.stdout.write(`${JSON.stringify(result)}\n`);
});
rl.on('close', () => {
  for (const ws of clients) ws.terminate();
  process.exit(0);
});
