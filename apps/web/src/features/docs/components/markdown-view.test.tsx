import { cleanup, render } from '@testing-library/react';
import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import docsSource from '../../../../public/docs.md?raw';
import { locales } from '../locales.ts';
import { headingsOf } from './markdown-headings.ts';
import { docsUrlTransform, MarkdownView } from './markdown-view.tsx';

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { docs: locales.en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const hrefOf = (md: string) => {
  const { container } = render(<MarkdownView source={md} />);
  return container.querySelector('a')?.getAttribute('href');
};

describe('docs markdown: addresses', () => {
  it('empties a javascript: link', () => {
    expect(hrefOf('[click me](javascript:alert(document.cookie))')).toBe('');
  });

  it('empties other unsafe schemes (data:, vbscript:, file:)', () => {
    expect(hrefOf('[x](data:text/html;base64,PHNjcmlwdD4=)')).toBe('');
    expect(hrefOf('[x](vbscript:msgbox)')).toBe('');
    expect(hrefOf('[x](file:///etc/passwd)')).toBe('');
  });

  it('keeps http, https, irc, ircs, mailto, xmpp and relative addresses', () => {
    for (const url of [
      'http://example.com/',
      'https://example.com/a?b=c#d',
      'irc://irc.example.net/chan',
      'ircs://irc.example.net/chan',
      'mailto:support@example.com',
      'xmpp:someone@example.com',
      '/dev/mail',
      '#getting-started',
      'docs/page.md',
    ]) {
      expect(hrefOf(`[x](${url})`)).toBe(url);
    }
  });

  it('empties a javascript: image address', () => {
    const { container } = render(<MarkdownView source="![logo](javascript:alert(1))" />);
    expect(container.querySelector('img')?.getAttribute('src') ?? '').toBe('');
  });

  it('is react-markdown’s defaultUrlTransform', () => {
    expect(docsUrlTransform('javascript:alert(1)')).toBe('');
    expect(docsUrlTransform('https://example.com/')).toBe('https://example.com/');
  });
});

describe('docs markdown: headings', () => {
  it('gives every heading of docs.md the id the table of contents links to', () => {
    const html = renderToStaticMarkup(<MarkdownView source={docsSource} />);
    const ids = [...html.matchAll(/<h[1-6][^>]* id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(headingsOf(docsSource).map((h) => h.id));
    expect(ids).toContain('getting-started');
    expect(ids).toContain('rate-limits-and-lockout');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('skips fenced code when collecting headings', () => {
    expect(headingsOf('# A\n```sh\n# not a heading\n```\n## B').map((h) => h.text)).toEqual(['A', 'B']);
  });
});

describe('docs markdown: tables', () => {
  it('renders GitHub-style tables as tables, not as raw pipes', () => {
    const { container } = render(
      <MarkdownView source={'| Code | Status |\n|---|---|\n| NOT_FOUND | 404 |\n'} />,
    );
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelectorAll('td')[1]?.textContent).toBe('404');
    expect(container.textContent).not.toContain('|');
  });
});

describe('docs markdown: runnable examples', () => {
  it('shows a block marked runnable=<id> as plain code of its language: the mark is not on the page', () => {
    const { container } = render(
      <MarkdownView source={"```js runnable=newcomer-receiver\nconsole.log('hi');\n```\n"} />,
    );
    const code = container.querySelector('pre code');
    expect(code?.className).toContain('language-js');
    expect(code?.textContent).toBe("console.log('hi');\n");
    expect(container.textContent).not.toContain('runnable');
  });

  it('keeps every marked block of the docs page out of the rendered text', () => {
    expect(docsSource).toContain('runnable=');
    const html = renderToStaticMarkup(<MarkdownView source={docsSource} />);
    expect(html).not.toContain('runnable');
    expect(html).toMatch(/class="[^"]*language-sh/);
  });
});
