import { Coinlane } from '../client.ts';
import type { Payment } from '../types.ts';
import { CliError, consoleOutput, type Output, requireTestKey, serverUrlOf } from './output.ts';

/** The events `coinlane trigger` can make happen, each through a real test payment. */
export const TRIGGER_EVENTS = [
  'payment.created',
  'payment.confirmed',
  'payment.partial',
  'payment.expired',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export type TriggerOptions = {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  event: string | undefined;
  /** The coin of the test payment (default BTC) and its amount in that coin (default 0.001). */
  currency?: string;
  amount?: string;
  /** How long to wait for the status that fires the event (default 120 s). */
  waitSeconds?: number;
  /** How often the payment is read meanwhile (default 1000 ms). */
  pollMs?: number;
  out?: Output;
};

/** What the server's test network does meanwhile: blocks every TEST_NETWORK_BLOCK_SECONDS (default 2 s). */
const WAIT_HINT = 'the server’s test network confirms transfers as it mines its blocks';

/**
 * `coinlane trigger <event>`: creates a test payment through the API and drives it (the test network's simulated
 * transfer, or a short expiry) to the status that fires `event`, so that the real events are sent: to the
 * webhook endpoint, and to `coinlane listen`. Resolves with the payment at its final status.
 */
export async function trigger(options: TriggerOptions): Promise<Payment> {
  const apiKey = requireTestKey(options.apiKey, 'trigger');
  const baseUrl = serverUrlOf(options.baseUrl);
  const event = options.event as TriggerEvent;
  if (!TRIGGER_EVENTS.includes(event)) {
    throw new CliError(
      `coinlane trigger: ${options.event ? `"${options.event}" is not an event it can trigger` : 'name an event'}; ` +
        `one of ${TRIGGER_EVENTS.join(', ')}`,
    );
  }
  const out = options.out ?? consoleOutput;
  const { currency = 'BTC', amount = '0.001', waitSeconds = 120, pollMs = 1000 } = options;
  const coinlane = new Coinlane({ apiKey, baseUrl });

  const expiresAt = event === 'payment.expired' ? new Date(Date.now() + 3000) : undefined;
  const created = await coinlane.payments.create({
    amount,
    currency,
    description: `coinlane trigger ${event}`,
    metadata: { source: 'coinlane trigger' },
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
  });
  out.info(`Created test payment ${created.id}: ${created.amount} ${created.currency} (payment.created)`);
  if (event === 'payment.created') return created;

  if (event === 'payment.expired') {
    out.info(`It expires at ${expiresAt!.toISOString()} with nothing paid; waiting for payment.expired...`);
    return waitFor(coinlane, created.id, 'expired', { waitSeconds, pollMs, out, hint: 'it expires' });
  }

  const paid = event === 'payment.partial' ? halfOf(created.amount) : created.amount;
  const sim = await coinlane.payments.simulate(created.id, { amount: paid });
  out.info(
    `Simulated the customer’s transfer of ${sim.transfer.amount} ${created.currency} on the test network ` +
      `(status now ${sim.payment.status})`,
  );
  if (event === 'payment.partial') {
    return waitFor(coinlane, created.id, 'partial', { waitSeconds, pollMs, out, hint: WAIT_HINT });
  }
  out.info('Waiting for its confirmations (payment.confirmed)...');
  return waitFor(coinlane, created.id, 'confirmed', { waitSeconds, pollMs, out, hint: WAIT_HINT });
}

async function waitFor(
  coinlane: Coinlane,
  id: string,
  status: Payment['status'],
  { waitSeconds, pollMs, out, hint }: { waitSeconds: number; pollMs: number; out: Output; hint: string },
): Promise<Payment> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const p = await coinlane.payments.retrieve(id);
    if (p.status === status) {
      out.info(`Payment ${id} is ${status}: payment.${status} fired`);
      return p;
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `Payment ${id} is still ${p.status} after ${waitSeconds} s (${hint}); raise --wait or check the server’s worker`,
      );
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Half of a decimal amount, exactly: "0.001" -> "0.0005". */
export function halfOf(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const n = BigInt(`${whole}${fraction}`);
  const [value, decimals] = n % 2n === 0n ? [n / 2n, fraction.length] : [n * 5n, fraction.length + 1];
  const digits = value.toString().padStart(decimals + 1, '0');
  const head = digits.slice(0, digits.length - decimals);
  const tail = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return tail ? `${head}.${tail}` : head;
}
