/// <reference types="node" />
import { parseArgs } from 'node:util';
import { listen } from './listen.ts';
import { CliError, consoleOutput, type Output } from './output.ts';
import { TRIGGER_EVENTS, trigger } from './trigger.ts';

export const HELP = `coinlane: the Coinlane command line (test mode)

Usage:
  coinlane listen --forward-to <url> [--api-key <key>] [--base-url <url>] [--events <types>]
  coinlane trigger <event> [--api-key <key>] [--base-url <url>]
  coinlane <command> --help

Commands:
  listen    Receive your account's webhook events and forward them, signed, to a local URL
  trigger   Create a test payment and drive it so that real events fire

Every command takes:
  --api-key <key>    A test mode API key (cl_test_...), or the COINLANE_API_KEY environment variable
  --base-url <url>   Your Coinlane server (https://pay.example.com), or COINLANE_BASE_URL
  -h, --help         This text
`;

export const LISTEN_HELP = `coinlane listen: webhooks on your laptop, no public URL needed

Usage:
  coinlane listen --forward-to http://localhost:3001/webhooks [--api-key cl_test_...] [--base-url <url>]
                  [--events payment.created,payment.confirmed]

Signs in with a test mode API key (read permission), receives each webhook event of your account as it happens,
and POSTs it to --forward-to exactly as a real delivery: the same JSON body, Content-Type, Coinlane-Event-Id and a
Coinlane-Signature header, signed with a secret of this session (whsec_..., printed at start: give it to
verifyWebhook while you develop; your endpoint's real secret never leaves the server). One line per event:
time, type, id and your handler's answer (-> 200) or the connection error. A dropped connection is retried with
backoff; the events that fired while it was down are forwarded when it is back (up to 100). Live keys are refused.
Ctrl+C stops.

Options:
  --forward-to <url>   Your local webhook handler (required)
  --events <types>     Comma-separated event types to forward (default: all)
  --api-key <key>      Test mode API key, or COINLANE_API_KEY
  --base-url <url>     Your Coinlane server, or COINLANE_BASE_URL
`;

export const TRIGGER_HELP = `coinlane trigger: fire real test events

Usage:
  coinlane trigger <event> [--api-key cl_test_...] [--base-url <url>] [--currency BTC] [--amount 0.001]
                   [--wait 120]

Events:
  payment.created     creates a test payment
  payment.confirmed   creates one and simulates the customer's full transfer on the test network; waits until
                      its confirmations pass (payment.created, then payment.confirmed)
  payment.partial     simulates a transfer of half the amount (payment.created, payment.partial)
  payment.expired     creates one that expires in 3 seconds, unpaid (payment.created, payment.expired)

Options:
  --currency <coin>    The payment's coin (default BTC)
  --amount <amount>    Its amount in that coin (default 0.001)
  --wait <seconds>     How long to wait for the final status (default 120)
  --api-key <key>      Test mode API key, or COINLANE_API_KEY
  --base-url <url>     Your Coinlane server, or COINLANE_BASE_URL
`;

export type MainOptions = {
  env?: Record<string, string | undefined>;
  out?: Output;
  /** Resolves when the user asks to stop (Ctrl+C); `listen` runs until then. */
  interrupted?: Promise<void>;
};

/** Runs the command line `args` (without node and the script); resolves with the exit code. */
export async function main(args: readonly string[], options: MainOptions = {}): Promise<number> {
  const out = options.out ?? consoleOutput;
  const env = options.env ?? process.env;
  try {
    return await run(args, env, out, options.interrupted);
  } catch (err) {
    if (err instanceof CliError || isArgError(err)) {
      out.error(`Error: ${(err as Error).message}`);
      return 1;
    }
    const e = err as Error & { code?: string };
    out.error(`Error: ${e?.message ?? String(err)}`);
    return 1;
  }
}

async function run(
  args: readonly string[],
  env: Record<string, string | undefined>,
  out: Output,
  interrupted: Promise<void> | undefined,
): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    out.info(HELP);
    return command ? 0 : 1;
  }
  const common = {
    'api-key': { type: 'string' },
    'base-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  if (command === 'listen') {
    const { values } = parseArgs({
      args: [...rest],
      options: { ...common, 'forward-to': { type: 'string' }, events: { type: 'string' } },
      strict: true,
    });
    if (values.help) {
      out.info(LISTEN_HELP);
      return 0;
    }
    const session = listen({
      apiKey: values['api-key'] ?? env.COINLANE_API_KEY,
      baseUrl: values['base-url'] ?? env.COINLANE_BASE_URL,
      forwardTo: values['forward-to'],
      events: values.events
        ?.split(',')
        .map((e) => e.trim())
        .filter(Boolean),
      out,
    });
    const stop = interrupted ?? new Promise<void>(() => {});
    await Promise.race([session.done, stop.then(() => session.stop())]);
    await session.stop();
    await session.done;
    out.info('Stopped');
    return 0;
  }
  if (command === 'trigger') {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: {
        ...common,
        currency: { type: 'string' },
        amount: { type: 'string' },
        wait: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      out.info(TRIGGER_HELP);
      return 0;
    }
    if (positionals.length > 1) {
      throw new CliError(`coinlane trigger takes one event, one of ${TRIGGER_EVENTS.join(', ')}`);
    }
    const wait = values.wait === undefined ? undefined : Number(values.wait);
    if (wait !== undefined && !(wait > 0)) throw new CliError('--wait must be a number of seconds above 0');
    await trigger({
      apiKey: values['api-key'] ?? env.COINLANE_API_KEY,
      baseUrl: values['base-url'] ?? env.COINLANE_BASE_URL,
      event: positionals[0],
      currency: values.currency,
      amount: values.amount,
      waitSeconds: wait,
      out,
    });
    return 0;
  }
  throw new CliError(`Unknown command "${command}". Run coinlane --help`);
}

/** parseArgs's own errors (unknown option, missing value) are usage errors too. */
function isArgError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
