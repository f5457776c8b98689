/**
 * A watcher's last error as anyone may read it: without the node's address (its host, port and path may carry
 * an API key of a hosted provider) nor what the node answered. The whole text stays in the logs and in
 * chain_cursors for the operator.
 */
export function publicErrorText(text: string | null): string | null {
  if (text === null) return null;
  return text
    .replace(/https?:\/\/\S*[^\s:,.;)]/g, 'the node')
    .replace(/(not JSON):[\s\S]*$/, '$1')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g, 'the node')
    .replace(/\[?[0-9a-f]*:[0-9a-f:]*:[0-9a-f]*\]?(?::\d+)?/gi, (m) =>
      m.split(':').length > 2 ? 'the node' : m,
    )
    .replace(/\b(?:ENOTFOUND|EAI_AGAIN)\s+\S+/g, 'the node');
}
