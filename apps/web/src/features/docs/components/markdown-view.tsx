import { Check, Copy, Link as LinkIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, defaultUrlTransform, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../components/ui/cn.ts';
import { rehypeHeadingIds, textOf } from './markdown-headings.ts';

/**
 * Only links and image addresses with the schemes http, https, irc, ircs, mailto, xmpp, or relative ones,
 * are let through; any other (javascript:, data:, vbscript:, ...) becomes empty (merchant spec 2).
 * react-markdown's defaultUrlTransform is exactly that rule; it is named here so it cannot be lost.
 */
export const docsUrlTransform = defaultUrlTransform;

const rehypePlugins = [rehypeHeadingIds];

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('docs');
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
      className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-md border border-white/10 bg-white/5 px-2 py-1 text-xs text-slate-300 opacity-0 transition-opacity group-hover:opacity-100 hover:bg-white/10 focus-visible:opacity-100"
    >
      {copied ? (
        <Check className="size-3.5" aria-hidden="true" />
      ) : (
        <Copy className="size-3.5" aria-hidden="true" />
      )}
      {copied ? t('copied') : t('copy')}
    </button>
  );
}

function heading(Tag: 'h1' | 'h2' | 'h3' | 'h4', className: string) {
  return function Heading({ id, children }: { id?: string; children?: ReactNode } & ExtraProps) {
    return (
      <Tag id={id} className={cn('group scroll-mt-24 text-slate-900 dark:text-white', className)}>
        {children}
        {id && Tag !== 'h1' && (
          <a
            href={`#${id}`}
            aria-label={`#${id}`}
            className="ml-2 inline-flex align-middle text-slate-300 opacity-0 transition-opacity group-hover:opacity-100 hover:text-brand-500 focus-visible:opacity-100 dark:text-slate-600"
          >
            <LinkIcon className="size-4" aria-hidden="true" />
          </a>
        )}
      </Tag>
    );
  };
}

const remarkPlugins = [remarkGfm];

const components: Components = {
  h1: heading('h1', 'mb-4 text-3xl font-bold tracking-tight sm:text-4xl'),
  h2: heading(
    'h2',
    'mt-14 mb-4 border-t border-slate-200 pt-10 text-2xl font-semibold tracking-tight first:mt-0 dark:border-white/10',
  ),
  h3: heading('h3', 'mt-10 mb-3 text-lg font-semibold'),
  h4: heading('h4', 'mt-8 mb-2 text-base font-semibold'),
  p: ({ children }) => <p className="my-4 leading-7 text-slate-700 dark:text-slate-300">{children}</p>,
  a: ({ href, children }) => {
    const external = !!href && /^(https?:)?\/\//i.test(href);
    return (
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="font-medium text-brand-600 underline decoration-brand-600/30 underline-offset-2 hover:decoration-brand-600 dark:text-brand-400 dark:decoration-brand-400/30 dark:hover:decoration-brand-400"
      >
        {children}
      </a>
    );
  },
  ul: ({ children }) => (
    <ul className="my-4 list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-slate-400 dark:text-slate-300 dark:marker:text-slate-500">
      {children}
    </ul>
  ),
  ol: ({ children, start }) => (
    <ol
      start={start}
      className="my-4 list-decimal space-y-2 pl-6 leading-7 text-slate-700 marker:font-medium marker:text-slate-500 dark:text-slate-300"
    >
      {children}
    </ol>
  ),
  li: ({ children }) => <li className="pl-1">{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="my-6 rounded-r-lg border-l-4 border-brand-500 bg-brand-50/60 px-4 py-1 text-slate-700 dark:bg-brand-500/10 dark:text-slate-300 [&>p]:my-3">
      {children}
    </blockquote>
  ),
  // GitHub-flavoured tables (remark-gfm): scroll sideways on narrow screens instead of overflowing.
  table: ({ children }) => (
    <div className="my-6 overflow-x-auto rounded-lg border border-slate-200 dark:border-white/10">
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-slate-50 dark:bg-white/5">{children}</thead>,
  th: ({ children }) => (
    <th className="border-b border-slate-200 px-3 py-2 font-semibold text-slate-900 dark:border-white/10 dark:text-white">
      {children}
    </th>
  ),
  td: ({ children }) => (
    <td className="border-b border-slate-100 px-3 py-2 align-top text-slate-700 dark:border-white/5 dark:text-slate-300">
      {children}
    </td>
  ),
  hr: () => <hr className="my-10 border-slate-200 dark:border-white/10" />,
  strong: ({ children }) => (
    <strong className="font-semibold text-slate-900 dark:text-white">{children}</strong>
  ),
  img: ({ src, alt }) => (
    <img
      src={typeof src === 'string' && src ? src : undefined}
      alt={alt ?? ''}
      className="my-6 rounded-lg border border-slate-200 dark:border-white/10"
    />
  ),
  pre: ({ children, node }) => (
    <div className="group relative my-5">
      <pre className="overflow-x-auto rounded-xl border border-slate-800 bg-slate-950 p-4 text-[13px] leading-6 text-slate-100 shadow-sm dark:border-white/10 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit [&_code]:ring-0">
        {children}
      </pre>
      <CopyButton text={textOf(node as Parameters<typeof textOf>[0]).replace(/\n$/, '')} />
    </div>
  ),
  code: ({ children, className }) => (
    <code
      className={cn(
        'rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800 ring-1 ring-inset ring-slate-200 dark:bg-white/10 dark:text-slate-200 dark:ring-white/10',
        className,
      )}
    >
      {children}
    </code>
  ),
};

/** Renders the documentation's markdown with the docs typography, heading anchors and safe URLs. */
export function MarkdownView({ source }: { source: string }) {
  return (
    <Markdown
      urlTransform={docsUrlTransform}
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
    >
      {source}
    </Markdown>
  );
}
