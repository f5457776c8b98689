import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_CHOICES } from './api/webhooks-api.ts';
import { locales } from './webhook-locales.ts';

/** Every text of a catalogue with its path, and the {{placeholders}} it uses. */
function texts(obj: object, prefix = ''): Array<[string, string]> {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : texts(v as object, `${prefix}${k}.`),
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const en = new Map(texts(locales.en));
  for (const lang of ['es', 'fr', 'de'] as const) {
    it(`${lang} has every English text, none empty, with the same placeholders`, () => {
      const other = new Map(texts(locales[lang]));
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholders(text), `${lang}:${key}`).toEqual(placeholders(en.get(key)!));
      }
    });
  }
});

describe('event descriptions', () => {
  // The settings screen shows `events.<type without "payment.">` under each event it offers: a missing text
  // would show its raw key (it did for the payout events).
  for (const lang of ['en', 'es', 'fr', 'de'] as const) {
    it(`${lang} describes every event the screen offers`, () => {
      const all = new Map(texts(locales[lang]));
      for (const ev of WEBHOOK_EVENT_CHOICES) {
        const text = all.get(`events.${ev.replace('payment.', '')}`);
        expect(text?.trim(), `${lang}:${ev}`).toBeTruthy();
      }
    });
  }
});
