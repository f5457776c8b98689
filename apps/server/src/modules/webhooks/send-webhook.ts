import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { signWebhookWithSecrets } from '@coinlane/core/webhook-signature';
import { guardedLookup, hostOf, isPrivateAddress, PrivateTargetError } from './target-guard.ts';

export const WEBHOOK_USER_AGENT = 'Coinlane-Webhooks/1';
const EXCERPT_BYTES = 1024;
/** Bytes of a response read at most (the rest is discarded; only the excerpt is kept). */
const READ_LIMIT = 64 * 1024;

export type WebhookAttemptResult = {
  statusCode: number | null;
  durationMs: number;
  ok: boolean;
  error: string | null;
  responseExcerpt: string | null;
};

/**
 * How long a connection to a merchant's endpoint is kept open, unused, for the next POST: below the 5 s that common
 * servers keep an idle connection (Node's default keepAliveTimeout), so that the server does not close one just as
 * it is reused.
 */
export const KEEP_ALIVE_IDLE_MS = 4_000;

/**
 * The connection pools of outgoing POSTs: kept alive between calls (an endpoint's deliveries go one after another,
 * so a burst of events reuses one connection instead of opening one each). Separate pools for guarded calls (the
 * private-address check at connect time, after DNS: a kept connection is to an address that passed it) and for
 * calls where private targets are allowed, so that a connection made under one rule is never lent under the other.
 */
const agentOptions = {
  keepAlive: true,
  timeout: KEEP_ALIVE_IDLE_MS,
  maxFreeSockets: 64,
  scheduling: 'lifo',
} as const;
const AGENTS = {
  'http:': {
    guarded: new http.Agent({ ...agentOptions, lookup: guardedLookup as never }),
    open: new http.Agent(agentOptions),
  },
  'https:': {
    guarded: new https.Agent({ ...agentOptions, lookup: guardedLookup as never }),
    open: new https.Agent(agentOptions),
  },
};

/** Network errors, 5xx, 408 and 429 are retried; other answers (2xx aside) are final. */
export const isRetryable = (r: WebhookAttemptResult) =>
  !r.ok && (r.statusCode === null || r.statusCode >= 500 || r.statusCode === 408 || r.statusCode === 429);

/** The first 1 KB (bytes) of a response, as text without NUL characters. */
function excerptOf(buf: Buffer): string | null {
  if (buf.length === 0) return null;
  let text = buf.subarray(0, EXCERPT_BYTES).toString('utf8').replace(/\0/g, '');
  while (Buffer.byteLength(text, 'utf8') > EXCERPT_BYTES) text = text.slice(0, -1);
  return text;
}

/**
 * One signed POST of `body` to `url`: headers Content-Type, User-Agent, Coinlane-Signature (t=<now>, one v1 value
 * per secret of `secrets`: the endpoint's active secrets, activeEndpointSecrets) and Coinlane-Event-Id; the rest as `postToUrl` (timeout, no redirects, private targets refused at connect time).
 * Never throws: the result says what happened.
 */
export async function sendWebhook({
  url,
  secrets,
  body,
  eventId,
  timeoutMs,
  allowPrivate,
}: {
  url: string;
  secrets: readonly string[];
  body: string;
  eventId: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<WebhookAttemptResult> {
  return postToUrl({
    url,
    body,
    headers: { 'Coinlane-Signature': signWebhookWithSecrets(body, secrets), 'Coinlane-Event-Id': eventId },
    timeoutMs,
    allowPrivate,
  });
}

/**
 * One POST of a JSON `body` to `url`, the way every outgoing call to an address someone typed is made (merchant
 * webhooks; the operators' Slack and Discord alert webhooks): headers Content-Type, User-Agent and `headers`;
 * `timeoutMs` for the whole exchange; redirects are not followed (a 3xx is a failure); private, loopback and
 * link-local targets refused at connect time, after DNS (rebinding), unless `allowPrivate`. The connection is kept
 * for the next call to the same host when the answer was read to its end (AGENTS). Never throws.
 */
export async function postToUrl({
  url,
  body,
  headers: extra = {},
  timeoutMs,
  allowPrivate,
}: {
  url: string;
  body: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null, excerpt: string | null = null) => ({
    statusCode,
    durationMs: elapsed(),
    ok: false,
    error: error.slice(0, 1000),
    responseExcerpt: excerpt,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return fail('invalid URL');
  }
  const host = hostOf(target);
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return fail(new PrivateTargetError(host, host).message);
  }
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    ...extra,
    'Content-Length': String(Buffer.byteLength(body, 'utf8')),
  };
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
  if (!client) return fail('unsupported URL scheme');
  const agent = AGENTS[target.protocol as keyof typeof AGENTS][allowPrivate ? 'open' : 'guarded'];

  return new Promise<WebhookAttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: WebhookAttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers,
        agent,
        ...(allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        // Read to its end, the connection goes back to the pool; cut short (too long an answer), it is closed.
        const done = (complete: boolean) => {
          const status = res.statusCode ?? 0;
          const excerpt = excerptOf(Buffer.concat(chunks));
          if (status >= 200 && status < 300) {
            finish({
              statusCode: status,
              durationMs: elapsed(),
              ok: true,
              error: null,
              responseExcerpt: excerpt,
            });
          } else if (status >= 300 && status < 400) {
            finish(fail(`redirect (${status}) not followed`, status, excerpt));
          } else {
            finish(fail(`HTTP ${status}`, status, excerpt));
          }
          if (!complete) req.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT) done(false);
        });
        res.on('end', () => done(true));
        res.on('error', (err) => finish(fail(err.message, res.statusCode ?? null)));
      },
    );
    const timer = setTimeout(() => {
      finish(fail(`timed out after ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish(fail(err.message)));
    req.end(body);
  });
}
