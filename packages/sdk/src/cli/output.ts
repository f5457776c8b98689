/** Where the CLI writes: one line per call (stdout for events, stderr for problems). */
export type Output = { info: (line: string) => void; error: (line: string) => void };

export const consoleOutput: Output = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

/** A problem the user must fix (bad key, bad option): printed without a stack trace, exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Only test mode keys: the listener and the trigger are development tools. */
export function requireTestKey(apiKey: string | undefined, command: string): string {
  if (!apiKey) {
    throw new CliError(
      `coinlane ${command} needs an API key: --api-key cl_test_... or the COINLANE_API_KEY environment variable`,
    );
  }
  if (apiKey.startsWith('cl_live_')) {
    throw new CliError(
      `coinlane ${command} works in test mode only, and this is a live key (cl_live_...). Use a test key (cl_test_...) ` +
        'from the dashboard’s API Keys page in test mode; live events go to your real webhook endpoint.',
    );
  }
  if (!apiKey.startsWith('cl_test_')) {
    throw new CliError(
      'The API key must be a Coinlane test key: cl_test_..., from the dashboard’s API Keys page',
    );
  }
  return apiKey;
}

/** `https://pay.example.com/` or `.../api/v1` -> `https://pay.example.com`. */
export function serverUrlOf(baseUrl: string | undefined): string {
  if (!baseUrl) {
    throw new CliError(
      'A Coinlane server address is needed: --base-url https://pay.example.com or COINLANE_BASE_URL',
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CliError(`--base-url is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`--base-url must be an http:// or https:// address: ${baseUrl}`);
  }
  return url.href.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

/** HH:MM:SS of the local clock. */
export function clock(now: Date): string {
  return now.toTimeString().slice(0, 8);
}
