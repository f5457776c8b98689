import { describe, expect, it } from 'vitest';
import { publicErrorText } from './public-error-text.ts';

describe('the chain errors GET /health shows to anyone', () => {
  it('leaves out the node address (a provider key may be in its path) and what the node answered', () => {
    expect(
      publicErrorText(
        'getbestblockhash at http://127.0.0.1:19443/: HTTP 502, not JSON: <html>gateway secret</html>',
      ),
    ).toBe('getbestblockhash at the node: HTTP 502, not JSON');
    expect(
      publicErrorText(
        'HTTP request failed. URL: https://eth.example.com/v3/0123456789abcdef Details: fetch failed',
      ),
    ).toBe('HTTP request failed. URL: the node Details: fetch failed');
    expect(publicErrorText('connect ECONNREFUSED 10.1.2.3:8545')).toBe('connect ECONNREFUSED the node');
    expect(publicErrorText('getaddrinfo ENOTFOUND node.internal')).toBe('getaddrinfo the node');
    expect(publicErrorText('connect ECONNREFUSED ::1:8332')).toBe('connect ECONNREFUSED the node');
    expect(publicErrorText('getblock: Block not found (code -5)')).toBe(
      'getblock: Block not found (code -5)',
    );
    expect(publicErrorText(null)).toBeNull();
  });
});
