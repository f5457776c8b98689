import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  BookOpen,
  Check,
  Copy,
  Download,
  KeyRound,
  Lock,
  Repeat,
  Search,
  Unlock,
} from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Input } from '../../../components/ui/field.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  fetchOpenApi,
  OPENAPI_URL,
  type OpenApiDocument,
  OpenApiHttpError,
  openapiKey,
} from '../api/openapi.ts';
import {
  authOf,
  curlFor,
  type Endpoint,
  groupByTag,
  type HttpMethod,
  jsonSchemaOf,
  type TagGroup,
  typeName,
} from '../utils/openapi-model.ts';
import { SchemaTree } from './schema-tree.tsx';

const METHOD_STYLE: Record<HttpMethod, string> = {
  get: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  post: 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300',
  put: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  patch: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  delete: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
};

function MethodBadge({ method, small = false }: { method: HttpMethod; small?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 justify-center rounded font-mono font-bold uppercase',
        small ? 'w-12 px-1 py-px text-[10px]' : 'w-16 px-1.5 py-0.5 text-xs',
        METHOD_STYLE[method],
      )}
    >
      {method}
    </span>
  );
}

function AuthBadge({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('apiReference');
  const auth = authOf(endpoint.op);
  if (!auth) return <Badge tone="grey">{t('auth.unknown')}</Badge>;
  if (auth.kind === 'public') {
    return (
      <Badge tone="green">
        <Unlock className="size-3" aria-hidden="true" />
        {t('auth.public')}
      </Badge>
    );
  }
  if (auth.kind === 'session') {
    return (
      <Badge tone="amber">
        <Lock className="size-3" aria-hidden="true" />
        {t('auth.session')}
      </Badge>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone="brand">
        <KeyRound className="size-3" aria-hidden="true" />
        {auth.permission ? t('auth.apiKeyPermission', { permission: auth.permission }) : t('auth.apiKey')}
      </Badge>
      <span className="text-xs text-slate-500 dark:text-slate-400">{t('auth.orSession')}</span>
    </span>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('apiReference');
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
      className="inline-flex items-center gap-1 rounded-md border border-white/10 bg-white/5 px-2 py-1 text-xs text-slate-300 hover:bg-white/10"
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

const statusTone = (status: string): BadgeTone =>
  status.startsWith('2') ? 'green' : status === 'default' || status.startsWith('4') ? 'red' : 'grey';

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <h4 className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
      {children}
    </h4>
  );
}

function EndpointCard({
  doc,
  endpoint,
  baseUrl,
}: {
  doc: OpenApiDocument;
  endpoint: Endpoint;
  baseUrl: string;
}) {
  const { t } = useTranslation('apiReference');
  const { op } = endpoint;
  const params = op.parameters ?? [];
  const body = jsonSchemaOf(op.requestBody?.content);
  const curl = useMemo(() => curlFor(doc, endpoint, baseUrl), [doc, endpoint, baseUrl]);
  return (
    <Card id={endpoint.id} className="scroll-mt-24 overflow-hidden">
      <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={endpoint.method} />
          <code className="break-all font-mono text-sm font-semibold text-slate-900 dark:text-slate-100">
            {endpoint.path}
          </code>
        </div>
        {op.summary && <h3 className="mt-2 text-base font-semibold">{op.summary}</h3>}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <AuthBadge endpoint={endpoint} />
          {op['x-idempotent'] && (
            <span title={t('idempotentHint')}>
              <Badge tone="grey">
                <Repeat className="size-3" aria-hidden="true" />
                {t('idempotent')}
              </Badge>
            </span>
          )}
        </div>
        {op.description && (
          <div className="prose-sm mt-3 space-y-2 text-sm text-slate-600 dark:text-slate-400 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[12px] dark:[&_code]:bg-white/10">
            <Markdown>{op.description}</Markdown>
          </div>
        )}
      </div>

      <div className="grid gap-6 px-5 py-5 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          {params.length > 0 && (
            <section>
              <SectionTitle>{t('parameters')}</SectionTitle>
              <ul className="divide-y divide-slate-100 dark:divide-white/5">
                {params.map((p) => (
                  <li key={`${p.in}-${p.name}`} className="py-2">
                    <div className="flex flex-wrap items-baseline gap-x-2">
                      <code className="font-mono text-[13px] font-semibold">{p.name}</code>
                      <span className="font-mono text-xs text-brand-700 dark:text-brand-300">
                        {typeName(doc, p.schema)}
                      </span>
                      <span className="text-xs text-slate-500 dark:text-slate-400">{t(`in.${p.in}`)}</span>
                      <span
                        className={cn(
                          'text-[11px] font-medium uppercase tracking-wide',
                          p.required ? 'text-red-600 dark:text-red-400' : 'text-slate-400',
                        )}
                      >
                        {p.required ? t('required') : t('optional')}
                      </span>
                    </div>
                    {(p.description ?? p.schema?.description) && (
                      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                        {p.description ?? p.schema?.description}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {body && (
            <section>
              <SectionTitle>{t('requestBody')}</SectionTitle>
              <SchemaTree doc={doc} schema={body} />
            </section>
          )}
          <section>
            <SectionTitle>{t('responses')}</SectionTitle>
            <div className="space-y-2">
              {Object.entries(op.responses ?? {}).map(([status, res]) => {
                const schema = jsonSchemaOf(res.content);
                return (
                  <details
                    key={status}
                    className="group rounded-lg border border-slate-200 dark:border-white/10"
                    open={status.startsWith('2')}
                  >
                    <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm">
                      <Badge tone={statusTone(status)}>{status}</Badge>
                      <span className="text-slate-600 dark:text-slate-400">{res.description}</span>
                    </summary>
                    {schema && (
                      <div className="border-t border-slate-200 px-3 py-2 dark:border-white/10">
                        <SchemaTree doc={doc} schema={schema} />
                      </div>
                    )}
                  </details>
                );
              })}
            </div>
          </section>
        </div>
        <div className="min-w-0">
          <SectionTitle>{t('example')}</SectionTitle>
          <div className="overflow-hidden rounded-lg bg-slate-950 ring-1 ring-white/10">
            <div className="flex items-center justify-between border-b border-white/10 px-3 py-1.5">
              <span className="font-mono text-[11px] text-slate-400">curl</span>
              <CopyButton text={curl} />
            </div>
            <pre className="overflow-x-auto p-4 font-mono text-[12.5px] leading-relaxed text-slate-100">
              <code>{curl}</code>
            </pre>
          </div>
        </div>
      </div>
    </Card>
  );
}

function Sidebar({ groups }: { groups: TagGroup[] }) {
  const { t } = useTranslation('apiReference');
  return (
    <nav
      aria-label={t('endpoints')}
      className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto py-10 pr-2"
    >
      {groups.map((g) => (
        <div key={g.name} className="mb-5">
          <a
            href={`#tag-${g.name}`}
            className="mb-1.5 block px-2 text-xs font-semibold uppercase tracking-wider text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          >
            {g.name}
          </a>
          <ul className="space-y-0.5">
            {g.endpoints.map((e) => (
              <li key={e.id}>
                <a
                  href={`#${e.id}`}
                  className="flex items-center gap-2 rounded-md px-2 py-1 text-[13px] text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-white/5 dark:hover:text-white"
                >
                  <MethodBadge method={e.method} small />
                  <span className="truncate">{e.op.summary ?? e.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

const matches = (e: Endpoint, q: string) =>
  !q ||
  e.path.toLowerCase().includes(q) ||
  e.method.includes(q) ||
  (e.op.summary ?? '').toLowerCase().includes(q) ||
  (e.op.tags ?? []).some((tag) => tag.toLowerCase().includes(q));

/** /docs/api: the OpenAPI document of this server, rendered with our own components. */
export default function ApiReferencePage() {
  const { t } = useTranslation('apiReference');
  const doc = useQuery({
    queryKey: openapiKey,
    queryFn: ({ signal }) => fetchOpenApi({ signal }),
    staleTime: 5 * 60_000,
  });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const groups = useMemo(() => (doc.data ? groupByTag(doc.data) : []), [doc.data]);
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, endpoints: g.endpoints.filter((e) => matches(e, deferred)) }))
        .filter((g) => g.endpoints.length > 0),
    [groups, deferred],
  );
  const baseUrl = doc.data?.servers?.[0]?.url ?? `${window.location.origin}/api/v1`;
  const total = groups.reduce((n, g) => n + g.endpoints.length, 0);

  // Opening /docs/api#post-payments scrolls there once the reference is in the page.
  useEffect(() => {
    if (!doc.data || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [doc.data]);

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-white/10 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <Link to={paths.home} aria-label={t('home')} className="shrink-0 text-slate-900 dark:text-white">
              <Logo />
            </Link>
            <span className="hidden h-5 w-px bg-slate-200 sm:block dark:bg-white/15" aria-hidden="true" />
            <span className="hidden items-center gap-1.5 text-sm font-medium text-slate-600 sm:inline-flex dark:text-slate-300">
              <BookOpen className="size-4" aria-hidden="true" />
              {t('title')}
            </span>
          </div>
          <nav className="flex items-center gap-1 sm:gap-2">
            <Link to={paths.docs} className={buttonClass('ghost', 'sm')}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t('guides')}
            </Link>
            <a href={OPENAPI_URL} download="openapi.json" className={buttonClass('outline', 'sm')}>
              <Download className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('download')}</span>
            </a>
            <Link to={paths.login} className={buttonClass('primary', 'sm')}>
              {t('signIn')}
            </Link>
          </nav>
        </div>
      </header>

      {doc.isPending ? (
        <div className="flex min-h-[60vh] items-center justify-center text-brand-500">
          <Spinner className="size-8" label={t('loading')} />
        </div>
      ) : doc.isError ? (
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <Banner tone="error">
            {doc.error instanceof OpenApiHttpError
              ? t('failedStatus', { status: doc.error.status })
              : t('failed')}
          </Banner>
          <Button variant="outline" className="mt-6" onClick={() => void doc.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="mx-auto flex max-w-7xl gap-10 px-4 sm:px-6 lg:px-8">
          <aside className="hidden w-64 shrink-0 lg:block">
            <Sidebar groups={shown} />
          </aside>
          <main className="min-w-0 flex-1 py-8 lg:py-10">
            <div className="mb-8">
              <h1 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
                {doc.data.info.title}
              </h1>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
              <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <div className="flex items-center gap-2">
                  <dt className="text-slate-500 dark:text-slate-400">{t('baseUrl')}</dt>
                  <dd>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] dark:bg-white/10">
                      {baseUrl}
                    </code>
                  </dd>
                </div>
                <div className="text-slate-500 dark:text-slate-400">
                  {t('version', { version: doc.data.info.version })} · OpenAPI {doc.data.openapi} ·{' '}
                  {t('endpointCount', { count: total })}
                </div>
              </dl>
              {doc.data.info.description && (
                <Card className="mt-6 space-y-3 p-5 text-sm leading-relaxed text-slate-700 dark:text-slate-300 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[12px] dark:[&_code]:bg-white/10 [&_strong]:text-slate-900 dark:[&_strong]:text-white">
                  <Markdown>{doc.data.info.description}</Markdown>
                </Card>
              )}
              <div className="relative mt-6 max-w-md">
                <label htmlFor="api-reference-search" className="sr-only">
                  {t('search')}
                </label>
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
                  aria-hidden="true"
                />
                <Input
                  id="api-reference-search"
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder={t('searchPlaceholder')}
                  className="pl-9"
                />
              </div>
            </div>

            {shown.length === 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('noMatch', { query })}</p>
            )}
            <div className="space-y-12">
              {shown.map((g) => (
                <section key={g.name} id={`tag-${g.name}`} className="scroll-mt-24">
                  <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{g.name}</h2>
                  {g.description && (
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{g.description}</p>
                  )}
                  <div className="mt-4 space-y-6">
                    {g.endpoints.map((e) => (
                      <EndpointCard key={e.id} doc={doc.data} endpoint={e} baseUrl={baseUrl} />
                    ))}
                  </div>
                </section>
              ))}
            </div>
          </main>
        </div>
      )}
    </div>
  );
}
