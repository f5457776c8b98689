/** The documentation is a markdown file served from the site's own static path (merchant spec 2). */
export const DOCS_PATH = '/docs.md';
export const docsKey = ['docs', DOCS_PATH] as const;

/** A non-OK reply for the markdown file; its status goes into the message. */
export class DocsHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'DocsHttpError';
  }
}

export async function fetchDocs({ signal }: { signal?: AbortSignal } = {}) {
  const res = await fetch(DOCS_PATH, { signal, headers: { Accept: 'text/markdown, text/plain;q=0.9' } });
  if (!res.ok) throw new DocsHttpError(res.status);
  // A missing file can come back as the app's own index.html (client-side routes fall back to it).
  if ((res.headers.get('content-type') ?? '').includes('text/html')) throw new DocsHttpError(404);
  return res.text();
}

/** 'Failed to load documentation: {status}' for non-OK, else the thrown message, else the generic text. */
export function docsErrorText(err: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  if (err instanceof DocsHttpError) return t('failed', { status: err.status });
  if (err instanceof Error && err.message) return err.message;
  return t('failedGeneric');
}
