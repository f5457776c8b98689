/** Log paths that may carry secrets; pino writes '[redacted]' in their place. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  // The same fields at the top of a log object (`log.warn({ token }, ...)`): `*.x` matches one level down only.
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'secret',
  'gasKey',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.secret',
  // The operator's EVM gas wallet key (CHAIN_<NETWORK>_GAS_KEY), should a chain config ever be logged.
  '*.gasKey',
  '*.*.gasKey',
  'configuredChains[*].gasKey',
  '*.configuredChains[*].gasKey',
  // TronGrid's API key (CHAIN_TRON_API_KEY): the chain config's field, and the header it travels in.
  'apiKey',
  '*.apiKey',
  '*.*.apiKey',
  'configuredChains[*].apiKey',
  '*.configuredChains[*].apiKey',
  'headers["tron-pro-api-key"]',
  '*.headers["tron-pro-api-key"]',
  // The operator's exchange account secret (SIDESHIFT_SECRET): the config's field, and the header it travels in.
  'sideshift.secret',
  '*.sideshift.secret',
  'headers["x-sideshift-secret"]',
  '*.headers["x-sideshift-secret"]',
];

/** Query parameters whose value is a secret by their name: tokens, keys, codes, secrets, passwords, signatures. */
const SECRET_PARAM = /token|key|code|secret|pass|sig|otp|auth|session|credential|jwt|nonce/i;
/**
 * Values that are secrets whatever they are called or wherever they stand (a query value or a path segment):
 * Coinlane's API keys and webhook secrets by their prefix, and opaque tokens (newToken: 32+ characters of
 * base64url mixing upper and lower case; Coinlane's prefixed ids are lower case only and stay readable).
 */
const SECRET_VALUE = /^(?:cl_(?:test|live)_|whsec_)/;
const OPAQUE_TOKEN = /^(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{32,}$/;
const REDACTED = '[redacted]';

const isSecretValue = (v: string) => SECRET_VALUE.test(v) || OPAQUE_TOKEN.test(v);

/**
 * A request URL fit for the log: the value of every query parameter that carries a secret (by its name or by its
 * look) and every path segment that looks like a token is replaced by `[redacted]`. The one rule for every
 * logged URL (the request log's serializer below uses it), so a reset link, a confirmation link or
 * `/ws?token=cl_live_...` never writes a usable secret into a log.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const path = rawPath
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // a malformed escape: judge the raw text
      }
      return isSecretValue(decoded) ? REDACTED : segment;
    })
    .join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return isSecretValue(safeDecode(pair)) ? REDACTED : pair;
      const name = safeDecode(pair.slice(0, eq));
      const value = safeDecode(pair.slice(eq + 1));
      return SECRET_PARAM.test(name) || isSecretValue(value) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request serializer (method, url, host, address, port), with the URL redacted. */
export const logSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

/** A URL with a query, or a path with one, inside free text (a log message). */
const URL_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*|\/[^\s"'<>?]*\?[^\s"'<>]*)/gi;
/** Coinlane's API keys and webhook secrets, and opaque tokens, standing anywhere in text (not 0x addresses). */
const SECRET_IN_TEXT =
  /(?<![A-Za-z0-9_-])(?:cl_(?:test|live)_[A-Za-z0-9_-]+|whsec_[A-Za-z0-9_-]+|[A-Za-z0-9_-]{32,})/g;

/**
 * Free text fit for a stored log (the System Logs table keeps messages and metadata as text): every URL goes
 * through `redactUrl`, and every value that looks like a secret (an API key, a webhook secret, an opaque token)
 * becomes `[redacted]`. The pino redaction (REDACT_PATHS) has already removed secrets by their field name.
 */
export function redactSecretsInText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (url) => redactUrl(url))
    .replace(SECRET_IN_TEXT, (value) => (!value.startsWith('0x') && isSecretValue(value) ? REDACTED : value));
}
