import { describe, expect, it } from 'vitest';
import { locales } from './pos-locales.ts';

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
