import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { riskTone, statusTone } from '../utils/users.ts';

/** Title, subtitle and the page's actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {subtitle && (
          <p className="mt-1 text-sm text-slate-600 sm:text-base dark:text-slate-400">{subtitle}</p>
        )}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** Account status; a missing status reads as pending (admin spec 4). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('admin');
  const value = status || 'pending';
  return (
    <Badge tone={statusTone(value)} dot>
      {t(`status.${value}`, { defaultValue: value })}
    </Badge>
  );
}

export function KycBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('admin');
  const value = status || 'pending';
  return <Badge tone={statusTone(value)}>{t(`kyc.${value}`, { defaultValue: value })}</Badge>;
}

const riskColours = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-700 dark:text-yellow-300',
  red: 'text-red-700 dark:text-red-400',
} as const;
const riskBars = { green: 'bg-green-500', yellow: 'bg-yellow-500', red: 'bg-red-500' } as const;

/** Risk score out of 10 with its colour band and a small gauge. */
export function RiskScore({ score }: { score: number }) {
  const { t } = useTranslation('admin');
  const tone = riskTone(score);
  return (
    <span className="inline-flex items-center gap-2">
      <span className={cn('font-mono text-sm font-semibold tabular-nums', riskColours[tone])}>
        {t('users.risk', { score })}
      </span>
      <span
        aria-hidden="true"
        className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-200 dark:bg-white/10"
      >
        <span
          className={cn('block h-full rounded-full', riskBars[tone])}
          style={{ width: `${Math.min(100, score * 10)}%` }}
        />
      </span>
    </span>
  );
}

/** 'Processing...' over a panel while an update runs (admin spec 2). */
export function ProcessingOverlay({ show }: { show: boolean }) {
  const { t } = useTranslation('admin');
  if (!show) return null;
  return (
    <div className="absolute inset-0 z-20 flex items-center justify-center rounded-[inherit] bg-white/70 backdrop-blur-[2px] dark:bg-slate-950/70">
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-5 py-3 shadow-lg dark:border-white/10 dark:bg-slate-900"
      >
        <span aria-hidden="true">
          <Spinner className="size-5 text-brand-500" />
        </span>
        <span className="text-sm font-medium">{t('users.processing')}</span>
      </div>
    </div>
  );
}

/** A back-office page that could not load: the error and a Retry button (admin spec 8). */
export function LoadFailed({
  text,
  retryLabel,
  onRetry,
  retrying = false,
}: {
  text: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <Banner className="w-full max-w-xl text-left">{text}</Banner>
      <Button onClick={onRetry} loading={retrying}>
        {retryLabel}
      </Button>
    </Card>
  );
}

/** A titled block of a details dialog (user details, transaction details). */
export function DetailSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('min-w-0 rounded-xl border border-slate-200 p-4 dark:border-white/10', className)}>
      <h3 className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {title}
      </h3>
      {children}
    </section>
  );
}
