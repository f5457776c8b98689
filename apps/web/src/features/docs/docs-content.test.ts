import { WEBHOOK_EVENT_TYPES } from '@coinlane/core/api/webhooks';
import { ERROR_STATUS } from '@coinlane/core/errors';
import { describe, expect, it } from 'vitest';
import docs from '../../../public/docs.md?raw';

describe('docs.md', () => {
  it('lists every error code of the API with its HTTP status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(docs, code).toContain(`\`${code}\` (${status})`);
    }
  });

  it('describes every webhook event a merchant can subscribe to in the Events table', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(docs, type).toContain(`| \`${type}\` |`);
    }
  });

  it('names the API base path and the response envelope', () => {
    expect(docs).toContain('/api/v1');
    expect(docs).toMatch(/"success": true,\s+"data"/);
  });
});
