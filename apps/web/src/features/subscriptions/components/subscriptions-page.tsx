import type { TPlan } from '@coinlane/core/api/subscriptions';
import { CreditCard, Layers, Plus, TrendingUp, Users } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FigureCard } from '../../../components/ui/figure-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatCount, formatFigure } from '../../../lib/amounts.ts';
import { useLivePayments } from '../../../lib/use-live-payments.ts';
import { usePlans, useSummary } from '../hooks/use-subscriptions.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanForm } from './plan-form.tsx';
import { SubscribersPanel } from './subscribers-panel.tsx';

type Tab = 'plans' | 'subscribers';
/** The plan form: closed, creating, or editing a plan. */
type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; plan: TPlan };

const icon = (Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>) => (
  <Icon className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
);

/** /subscriptions (merchant spec 2, 4, 5, 8). */
export default function SubscriptionsPage() {
  const { t, i18n } = useTranslation('subscriptions');
  const lang = i18n.language;
  const [tab, setTab] = useState<Tab>('plans');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const plans = usePlans();
  const summary = useSummary();
  // A paid invoice activates or renews a subscription: live payment updates refresh the page's reads.
  useLivePayments();
  const s = summary.data;
  const revenue = s?.monthlyRevenueUsd != null ? formatFigure(s.monthlyRevenueUsd, lang) : null;
  const list = plans.data?.data ?? [];

  const openCreate = () => {
    setTab('plans');
    setForm({ mode: 'create' });
  };
  const edit = (plan: TPlan) => {
    setTab('plans');
    setForm({ mode: 'edit', plan });
    if (typeof window !== 'undefined') window.scrollTo?.({ top: 0, behavior: 'smooth' });
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
        <Button onClick={openCreate}>
          <Plus className="size-4" aria-hidden="true" />
          {t('createPlan')}
        </Button>
      </header>

      {summary.isError && <Banner>{t('errors.summaryLoad')}</Banner>}
      {/* Phones: Monthly Revenue across the row, the two counts side by side below it. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        <FigureCard
          className="col-span-2 sm:col-span-1"
          icon={icon(TrendingUp)}
          label={t('summary.monthlyRevenue')}
          value={revenue ? revenue.text : '—'}
          title={revenue?.compact ? revenue.exact : undefined}
          hint={
            s && s.monthlyRevenueUsd === null
              ? t('summary.monthlyRevenueNone')
              : t('summary.monthlyRevenueHint')
          }
          loading={summary.isPending}
          testId="summary-revenue"
        />
        <FigureCard
          icon={icon(Users)}
          label={t('summary.totalSubscribers')}
          value={s && formatCount(s.activeSubscribers, lang)}
          hint={t('summary.totalSubscribersHint')}
          loading={summary.isPending}
          testId="summary-subscribers"
        />
        <FigureCard
          icon={icon(Layers)}
          label={t('summary.activePlans')}
          value={s && formatCount(s.activePlans, lang)}
          hint={s ? t('summary.activePlansHint', { count: s.totalPlans }) : undefined}
          loading={summary.isPending}
          testId="summary-plans"
        />
      </div>

      <Tabs
        label={t('tabs.label')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'plans', label: t('tabs.plans') },
          { key: 'subscribers', label: t('tabs.subscribers') },
        ]}
      >
        {tab === 'plans' ? (
          <div className="space-y-6">
            {form.mode !== 'closed' && (
              <PlanForm
                key={form.mode === 'edit' ? form.plan.id : 'new'}
                plan={form.mode === 'edit' ? form.plan : undefined}
                onDone={() => setForm({ mode: 'closed' })}
                onCancel={() => setForm({ mode: 'closed' })}
              />
            )}
            {plans.isError ? (
              <Banner>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span>{t('errors.plansLoad')}</span>
                  <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
                    {t('retry')}
                  </Button>
                </div>
              </Banner>
            ) : plans.isPending ? (
              <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Card key={i} className="space-y-3 p-5">
                    <Skeleton className="h-6 w-40" />
                    <Skeleton className="h-4 w-56" />
                    <Skeleton className="h-8 w-32" />
                    <Skeleton className="h-16 w-full" />
                  </Card>
                ))}
              </div>
            ) : list.length === 0 ? (
              form.mode === 'closed' && (
                <Card className="flex flex-col items-center px-6 py-14 text-center">
                  <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
                    <CreditCard className="size-6" aria-hidden="true" />
                  </span>
                  <h2 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">
                    {t('plans.emptyTitle')}
                  </h2>
                  <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
                    {t('plans.emptyText')}
                  </p>
                  <Button className="mt-5" onClick={openCreate}>
                    <Plus className="size-4" aria-hidden="true" />
                    {t('createPlan')}
                  </Button>
                </Card>
              )
            ) : (
              <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" data-testid="plans">
                {list.map((plan) => (
                  <PlanCard key={plan.id} plan={plan} onEdit={edit} />
                ))}
              </div>
            )}
          </div>
        ) : (
          <SubscribersPanel plans={list} />
        )}
      </Tabs>
    </div>
  );
}
