import type { TAuditEntry } from '@coinlane/core/api/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, RefreshCw, ScrollText } from 'lucide-react';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { auditKey, EMPTY_AUDIT_FILTERS, fetchAudit, type TAuditFilters } from '../api/audit-api.ts';
import { formatListDate } from '../utils/format.ts';
import { LoadFailed, PageHeader } from './admin-parts.tsx';

/** What the server's audit rows name as their entity (recordAudit's entityType), in the filter's order. */
const ENTITY_TYPES = [
  'user',
  'user_profile',
  'user_settings',
  'session',
  'kyc_document',
  'payment',
  'payment_link',
  'refund',
  'subscription_plan',
  'subscription',
  'subscription_invoice',
  'api_key',
  'pos_device',
  'wallet',
  'webhook_endpoint',
  'webhook_delivery',
  'system_setting',
  'cryptocurrency',
  'fee_structure',
  'platform_fee',
  'exchange_rate',
  'support_ticket',
  'system_alert',
  'sanctions_list',
  'compliance_export',
  'system',
] as const;

/** The Audit Log (issue 16, admin.manage): who did what, before and after, when; filtered, 50 at a time. */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const [draft, setDraft] = useState<TAuditFilters>(EMPTY_AUDIT_FILTERS);
  const [filters, setFilters] = useState<TAuditFilters>(EMPTY_AUDIT_FILTERS);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const audit = useInfiniteQuery({
    queryKey: auditKey(filters),
    queryFn: ({ pageParam, signal }) => fetchAudit(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  const actions = audit.data?.pages[0]?.actions ?? [];
  const filtered = Object.values(filters).some((v) => v.trim() !== '');

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setOpen(new Set());
    setFilters(draft);
  };
  const reset = () => {
    setDraft(EMPTY_AUDIT_FILTERS);
    setFilters(EMPTY_AUDIT_FILTERS);
    setOpen(new Set());
  };
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const set = (key: keyof TAuditFilters) => (v: string) => setDraft((d) => ({ ...d, [key]: v }));

  return (
    <div>
      <PageHeader
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={
          <Button variant="outline" onClick={() => void audit.refetch()} disabled={audit.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('audit.refresh')}
          </Button>
        }
      />
      <Card className="mb-6 p-4 sm:p-5">
        <form onSubmit={apply} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t('audit.filters.action')}>
            {(id) => (
              <Select id={id} value={draft.action} onChange={(e) => set('action')(e.target.value)}>
                <option value="">{t('audit.filters.allActions')}</option>
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('audit.filters.entityType')}>
            {(id) => (
              <Select id={id} value={draft.entityType} onChange={(e) => set('entityType')(e.target.value)}>
                <option value="">{t('audit.filters.allEntities')}</option>
                {ENTITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`audit.entities.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('audit.filters.entityId')}>
            {(id) => (
              <Input
                id={id}
                value={draft.entityId}
                onChange={(e) => set('entityId')(e.target.value)}
                placeholder="usr_…, pay_…"
                maxLength={100}
              />
            )}
          </Field>
          <Field label={t('audit.filters.actor')}>
            {(id) => (
              <Input
                id={id}
                value={draft.actor}
                onChange={(e) => set('actor')(e.target.value)}
                placeholder={t('audit.filters.actorPlaceholder')}
                maxLength={320}
              />
            )}
          </Field>
          <Field label={t('audit.filters.from')}>
            {(id) => (
              <Input id={id} type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
            )}
          </Field>
          <Field label={t('audit.filters.to')}>
            {(id) => (
              <Input id={id} type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit">{t('audit.filters.apply')}</Button>
            <Button type="button" variant="outline" onClick={reset}>
              {t('audit.filters.reset')}
            </Button>
          </div>
        </form>
      </Card>

      {audit.isPending ? (
        <PageSpinner />
      ) : audit.isError ? (
        <LoadFailed
          text={t('audit.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : entries.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <ScrollText className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900 dark:text-white">{t('audit.empty')}</p>
          {filtered && (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('audit.emptyFiltered')}</p>
          )}
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 dark:bg-white/5 dark:text-slate-400">
                <tr>
                  <th scope="col" className="w-px py-3 pl-4 pr-1">
                    <span className="sr-only">{t('audit.col.details')}</span>
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium sm:table-cell">
                    {t('audit.col.when')}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t('audit.col.actor')}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t('audit.col.action')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium md:table-cell">
                    {t('audit.col.entity')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-medium lg:table-cell">
                    {t('audit.col.ip')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-white/5">
                {entries.map((entry) => (
                  <Fragment key={entry.id}>
                    <tr className="align-top">
                      <td className="py-3 pl-4 pr-1">
                        <button
                          type="button"
                          onClick={() => toggle(entry.id)}
                          aria-expanded={open.has(entry.id)}
                          aria-label={t('audit.showChange', { action: entry.action })}
                          className="rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10 dark:hover:text-white"
                        >
                          {open.has(entry.id) ? (
                            <ChevronDown className="size-4" aria-hidden="true" />
                          ) : (
                            <ChevronRight className="size-4" aria-hidden="true" />
                          )}
                        </button>
                      </td>
                      <td className="hidden whitespace-nowrap px-3 py-3 text-slate-600 sm:table-cell dark:text-slate-400">
                        {formatListDate(entry.createdAt, lang)}
                      </td>
                      <td className="max-w-[14rem] px-3 py-3">
                        <Actor entry={entry} />
                        <span className="mt-0.5 block text-xs text-slate-500 sm:hidden dark:text-slate-400">
                          {formatListDate(entry.createdAt, lang)}
                        </span>
                      </td>
                      <td className="px-3 py-3">
                        <code className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-white/10 dark:text-slate-200">
                          {entry.action}
                        </code>
                      </td>
                      <td className="hidden px-3 py-3 md:table-cell">
                        <span className="text-slate-700 dark:text-slate-300">
                          {t(`audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })}
                        </span>
                        {entry.entityId && (
                          <span className="block break-all font-mono text-xs text-slate-500 dark:text-slate-400">
                            {entry.entityId}
                          </span>
                        )}
                      </td>
                      <td className="hidden px-3 py-3 font-mono text-xs text-slate-500 lg:table-cell dark:text-slate-400">
                        {entry.ip ?? '—'}
                      </td>
                    </tr>
                    {open.has(entry.id) && (
                      <tr className="bg-slate-50/70 dark:bg-white/[0.02]">
                        <td />
                        <td colSpan={5} className="px-3 pb-4 pt-1">
                          <Change entry={entry} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          {audit.hasNextPage && (
            <div className="border-t border-slate-100 p-4 text-center dark:border-white/5">
              <Button
                variant="outline"
                onClick={() => void audit.fetchNextPage()}
                loading={audit.isFetchingNextPage}
              >
                {t('audit.loadMore')}
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}

function Actor({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('admin');
  const { actor } = entry;
  if (actor.name || actor.email) {
    return (
      <>
        <span className="block truncate font-medium text-slate-900 dark:text-white">
          {actor.name ?? actor.email}
        </span>
        {actor.email && actor.name && (
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{actor.email}</span>
        )}
      </>
    );
  }
  return <span className="text-slate-600 dark:text-slate-400">{t(`audit.actorTypes.${actor.type}`)}</span>;
}

/** What the action changed: the entity (on small screens, where its column is hidden), before and after. */
function Change({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500 md:hidden dark:text-slate-400">
        {t(`audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })}
        {entry.entityId && <span className="ml-1 break-all font-mono">{entry.entityId}</span>}
      </p>
      <div className="grid gap-3 lg:grid-cols-2">
        <Json label={t('audit.before')} value={entry.before} />
        <Json label={t('audit.after')} value={entry.after} />
      </div>
    </div>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </p>
      {value === null || value === undefined ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('audit.nothing')}</p>
      ) : (
        <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-white p-3 font-mono text-xs text-slate-800 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-white/10">
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </div>
  );
}
