import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@coinlane/core/api/webhooks';
import { ERROR_STATUS } from '@coinlane/core/errors';
import { signWebhookWithSecrets } from '@coinlane/core/webhook-signature';
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

  it('gives a verification example that accepts either signature of a rotation, and refuses others', () => {
    const block = /```js\n(import \{ createHmac, timingSafeEqual \} from 'node:crypto';[\s\S]*?)```/.exec(
      docs,
    )?.[1];
    expect(block).toContain('export function verifyCoinlane');
    const code = block!.replace(/^import .*$/m, '').replace('export function', 'function');
    const verifyCoinlane = new Function('createHmac', 'timingSafeEqual', `${code}\nreturn verifyCoinlane;`)(
      createHmac,
      timingSafeEqual,
    ) as (body: string, header: string, secret: string) => boolean;
    const body = '{"id":"evt_1","type":"payment.confirmed"}';
    const both = signWebhookWithSecrets(body, ['whsec_new', 'whsec_old']);
    expect(verifyCoinlane(body, both, 'whsec_new')).toBe(true);
    expect(verifyCoinlane(body, both, 'whsec_old')).toBe(true);
    expect(verifyCoinlane(body, both, 'whsec_other')).toBe(false);
    expect(verifyCoinlane(`${body} `, both, 'whsec_new')).toBe(false);
    expect(verifyCoinlane(body, signWebhookWithSecrets(body, ['whsec_new']), 'whsec_new')).toBe(true);
    const old = signWebhookWithSecrets(body, ['whsec_new'], Math.floor(Date.now() / 1000) - 301);
    expect(verifyCoinlane(body, old, 'whsec_new')).toBe(false);
  });
});
