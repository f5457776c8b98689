import type { TPaymentLink } from '@coinlane/core/api/payment-links';
import { CheckCircle2, Copy, Link2, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCopy } from '../../../lib/use-copy.ts';
import { useLivePayments } from '../../../lib/use-live-payments.ts';
import { RECENT_LINKS } from '../api/payment-links-api.ts';
import { useRecentLinks } from '../hooks/use-payment-links.ts';
import { CreateLinkForm } from './create-link-form.tsx';
import { LinkCard } from './link-card.tsx';
import { LinksAnalytics } from './links-analytics.tsx';

type Tab = 'links' | 'analytics';

function CreatedPanel({ link, onClose }: { link: TPaymentLink; onClose: () => void }) {
  const { t } = useTranslation('paymentLinks');
  const { copied, copy } = useCopy();
  return (
    <section
      role="status"
      className="rounded-xl border border-green-300 bg-green-50 p-4 sm:p-5 dark:border-green-500/40 dark:bg-green-500/10"
      data-testid="link-created"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {t('created.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('cancel')}
          className="rounded p-1 text-green-700 hover:bg-green-100 dark:text-green-300 dark:hover:bg-green-500/10"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-1 text-sm text-green-800 dark:text-green-300">{t('created.text')}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          value={link.url}
          aria-label={t('created.text')}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-green-500/40 dark:bg-slate-900 dark:text-slate-100"
          data-testid="created-url"
        />
        <Button variant="secondary" onClick={() => copy(link.url)}>
          <Copy className="size-4" aria-hidden="true" />
          {copied ? t('created.copied') : t('created.copy')}
        </Button>
      </div>
    </section>
  );
}

/** /payment-links (merchant spec 2, 5, 8, 9). */
export default function PaymentLinksPage() {
  const { t } = useTranslation('paymentLinks');
  const [tab, setTab] = useState<Tab>('links');
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<TPaymentLink | null>(null);
  const links = useRecentLinks();
  // A link completes when its payment confirms: the live updates refresh the list and the figures.
  useLivePayments();
  const total = links.data?.pagination.total;

  const openForm = () => {
    setTab('links');
    setFormOpen(true);
    setCreated(null);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <Button
          variant={formOpen ? 'outline' : 'primary'}
          onClick={() => (formOpen ? setFormOpen(false) : openForm())}
          aria-expanded={formOpen}
        >
          {formOpen ? (
            <X className="size-4" aria-hidden="true" />
          ) : (
            <Plus className="size-4" aria-hidden="true" />
          )}
          {formOpen ? t('cancel') : t('createNew')}
        </Button>
      </header>

      <div
        role="tablist"
        aria-label={t('title')}
        className="flex gap-1 border-b border-slate-200 dark:border-white/10"
      >
        {(['links', 'analytics'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            onClick={() => setTab(id)}
            className={cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              tab === id
                ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200',
            )}
          >
            {t(`tabs.${id}`)}
            {id === 'links' && total !== undefined && (
              <span
                className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700 dark:bg-white/10 dark:text-slate-200"
                data-testid="links-count"
              >
                {total}
              </span>
            )}
          </button>
        ))}
      </div>

      {tab === 'links' ? (
        <div id="panel-links" role="tabpanel" aria-labelledby="tab-links" className="space-y-6">
          {created && <CreatedPanel link={created} onClose={() => setCreated(null)} />}
          {formOpen && (
            <CreateLinkForm
              onCreated={(link) => {
                setCreated(link);
                setFormOpen(false);
              }}
            />
          )}
          {links.isError ? (
            <Banner>{t('list.loadFailed')}</Banner>
          ) : links.isPending ? (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Card key={i} className="space-y-3 p-5">
                  <Skeleton className="h-6 w-40" />
                  <Skeleton className="h-4 w-56" />
                  <Skeleton className="h-8 w-full" />
                </Card>
              ))}
            </div>
          ) : links.data.data.length === 0 ? (
            !formOpen && (
              <Card className="flex flex-col items-center px-6 py-14 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
                  <Link2 className="size-6" aria-hidden="true" />
                </span>
                <h2 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">
                  {t('list.emptyTitle')}
                </h2>
                <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
                  {t('list.emptyText')}
                </p>
                <Button className="mt-5" onClick={openForm}>
                  <Plus className="size-4" aria-hidden="true" />
                  {t('list.createFirst')}
                </Button>
              </Card>
            )
          ) : (
            <section aria-labelledby="recent-links" className="space-y-3">
              <div>
                <h2 id="recent-links" className="text-base font-semibold">
                  {t('list.title')}
                </h2>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {t('list.description', { count: RECENT_LINKS })}
                </p>
              </div>
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {links.data.data.map((link) => (
                  <LinkCard key={link.id} link={link} />
                ))}
              </div>
            </section>
          )}
        </div>
      ) : (
        <div id="panel-analytics" role="tabpanel" aria-labelledby="tab-analytics">
          <LinksAnalytics />
        </div>
      )}
    </div>
  );
}
