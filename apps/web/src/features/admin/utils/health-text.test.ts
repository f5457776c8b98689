import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../operations-locales.ts';
import { healthErrorText } from './health-text.ts';

// The reasons exactly as the server writes them (apps/server/src/modules/health/get-system-health.ts).
const SERVER_REASONS = [
  'No webhook worker has run in the last 60 seconds',
  'The oldest due job has waited 95 s for a worker',
  'No mail transport is configured',
  'The newest market rate is older than 600 s',
  'No market rate has been fetched yet',
  'The watcher has not reported for more than 30 seconds',
  '4 blocks behind the node',
];

const t = (lng: string) => i18n.getFixedT(lng, 'adminOperations');

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: Object.fromEntries(
      Object.entries(locales).map(([lng, messages]) => [lng, { adminOperations: messages }]),
    ),
    interpolation: { escapeValue: false },
  });
});

describe('healthErrorText', () => {
  it("reads the server's own reasons in English exactly as written, and translates them", () => {
    for (const reason of SERVER_REASONS) {
      expect(healthErrorText(t('en'), reason)).toBe(reason);
      expect(healthErrorText(t('de'), reason), reason).not.toBe(reason);
    }
    expect(healthErrorText(t('de'), 'No market rate has been fetched yet')).toBe(
      'Es wurde noch kein Marktkurs abgerufen',
    );
    expect(healthErrorText(t('es'), '4 blocks behind the node')).toBe('4 bloques por detrás del nodo');
    expect(healthErrorText(t('fr'), 'Timeout after 5000ms')).toBe('Délai dépassé après 5000 ms');
  });

  it("keeps a node's own error and an HTTP status as the server gave them", () => {
    expect(healthErrorText(t('de'), 'HTTP 502: Bad Gateway')).toBe('HTTP 502: Bad Gateway');
    expect(healthErrorText(t('de'), 'connect ECONNREFUSED 127.0.0.1:9332')).toBe(
      'connect ECONNREFUSED 127.0.0.1:9332',
    );
  });
});
