import type { z } from 'zod';
import { ConversionProviderError } from '../conversion-provider.ts';
import { ZSideShiftError } from './sideshift-schemas.ts';

export const SIDESHIFT_ID = 'sideshift';
export const SIDESHIFT_NAME = 'SideShift';

/** What the SideShift calls are made with: config.sideshift, and a fetch of the caller's (tests). */
export type SideShiftClient = {
  apiUrl: string;
  /** The operator's account secret (x-sideshift-secret); null: only shifts can be read. */
  secret: string | null;
  affiliateId: string | null;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
};

/** The most of a provider's own error message passed on: it is shown to a customer or a merchant. */
const MESSAGE_MAX = 200;

/** The provider's message as passed on: one line, bounded, and never the operator's secret should it repeat it. */
const clean = (text: string, secret: string | null) =>
  (secret ? text.replaceAll(secret, '[redacted]') : text)
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MESSAGE_MAX);

/**
 * One call to SideShift's v2 API: JSON in and out, the operator's secret in `x-sideshift-secret` (POST) and the customer's
 * IP in `x-user-ip` when given, at most `timeoutMs` for the whole exchange (the body included), no redirect. The
 * reply is checked with `schema`. Every failure is a ConversionProviderError whose message names what went wrong
 * and never the secret (nor the request's headers): a timeout, a connection failure, SideShift's own error message
 * (`{ error: { message } }`), or a reply that is not what the API documents.
 */
export async function sideshiftRequest<S extends z.ZodType>(
  client: SideShiftClient,
  {
    method,
    path,
    body,
    customerIp,
    schema,
  }: {
    method: 'GET' | 'POST';
    path: string;
    body?: Record<string, unknown>;
    customerIp?: string;
    schema: S;
  },
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body) headers['content-type'] = 'application/json';
  // The secret goes only where the API asks for it (quotes and shifts created): reading a shift needs none.
  if (client.secret && method === 'POST') headers['x-sideshift-secret'] = client.secret;
  if (customerIp) headers['x-user-ip'] = customerIp;
  const fail = (
    kind: ConstructorParameters<typeof ConversionProviderError>[1],
    message: string,
    extra = {},
  ) => new ConversionProviderError(SIDESHIFT_ID, kind, message, extra);

  let res: Response;
  let text: string;
  try {
    res = await (client.fetchImpl ?? fetch)(`${client.apiUrl}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(client.timeoutMs),
      redirect: 'error',
    });
    text = await res.text();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw fail('timeout', `${SIDESHIFT_NAME} did not answer within ${client.timeoutMs / 1000} s`);
    }
    throw fail('unreachable', `${SIDESHIFT_NAME} could not be reached`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const error = ZSideShiftError.safeParse(json);
    const providerMessage = error.success ? clean(error.data.error.message, client.secret) : null;
    throw fail(
      res.status >= 500 && !providerMessage ? 'unreachable' : 'refused',
      providerMessage
        ? `${SIDESHIFT_NAME} refused: ${providerMessage}`
        : `${SIDESHIFT_NAME} answered HTTP ${res.status}`,
      { status: res.status, providerMessage },
    );
  }
  if (json === undefined)
    throw fail('bad_reply', `${SIDESHIFT_NAME} answered with something that is not JSON`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the reply';
    throw fail(
      'bad_reply',
      `${SIDESHIFT_NAME} answered with an unexpected reply (${where}: ${issue?.message})`,
    );
  }
  return parsed.data;
}
