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
 * link-local targets refused at connect time, after DNS (rebinding), unless `allowPrivate`. Never throws.
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
        agent: false,
        ...(allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
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
          req.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT) done();
        });
        res.on('end', done);
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
