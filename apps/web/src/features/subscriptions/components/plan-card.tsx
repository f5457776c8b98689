import type { TPlan } from '@coinlane/core/api/subscriptions';
import { Check, Copy, ExternalLink, Pencil, QrCode, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Toggle } from '../../../components/ui/field.tsx';
import { QrSvg } from '../../../components/ui/qr-svg.tsx';
import { useCopy } from '../../../lib/use-copy.ts';
import { usePlanMutations } from '../hooks/use-subscriptions.ts';
import { formatDate, formatPlanPrice } from '../utils/format.ts';
import { failureText } from '../utils/messages.ts';

/**
 * One plan (merchant spec 2): name, Active/Inactive, description, price with interval and currency, features,
 * active subscribers, created date; its subscribe link with copy and QR; activate/deactivate, Edit, delete.
 */
export function PlanCard({ plan, onEdit }: { plan: TPlan; onEdit: (plan: TPlan) => void }) {
  const { t, i18n } = useTranslation('subscriptions');
  const lang = i18n.language;
  const { update, remove } = usePlanMutations();
  const { copied, copy } = useCopy();
  const [qr, setQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);

  const toggle = (active: boolean) => {
    setStatusError(null);
    update.mutate({ id: plan.id, body: { active } }, { onError: () => setStatusError(t('errors.status')) });
  };

  const confirmDelete = () => {
    setDeleteError(null);
    remove.mutate(plan.id, {
      onSuccess: () => setConfirming(false),
      // The server's refusal (a plan with active subscribers), else 'Failed to delete plan' (merchant spec 8).
      onError: (err) => setDeleteError(failureText(err, 'delete', t)),
    });
  };

  return (
    <Card className="flex min-w-0 flex-col p-4 sm:p-5" data-testid="plan-card" data-id={plan.id}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
          {plan.name}
        </h3>
        <Badge tone={plan.active ? 'green' : 'grey'} dot>
          {plan.active ? t('card.active') : t('card.inactive')}
        </Badge>
      </div>
      {plan.description ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
          {plan.description}
        </p>
      ) : (
        <p className="mt-1 text-sm italic text-slate-400 dark:text-slate-500">{t('card.noDescription')}</p>
      )}
      <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5" data-testid="plan-price">
        <span className="text-2xl font-semibold tracking-tight tabular-nums text-slate-900 [overflow-wrap:anywhere] dark:text-white">
          {formatPlanPrice(plan.price, plan.currency, lang)}
        </span>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {plan.interval === 'yearly' ? t('card.perYear') : t('card.perMonth')}
        </span>
      </p>

      <div className="mt-3">
        <h4 className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {t('card.features')}
        </h4>
        {plan.features.length > 0 ? (
          <ul className="mt-1.5 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            {plan.features.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two features may read the same
              <li key={i} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
                <span className="min-w-0 [overflow-wrap:anywhere]">{f}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1.5 text-sm italic text-slate-400 dark:text-slate-500">{t('card.noFeatures')}</p>
        )}
      </div>

      <div className="mt-3 space-y-0.5 text-xs text-slate-500 dark:text-slate-400">
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <Users className="size-4 text-slate-400" aria-hidden="true" />
          <span data-testid="plan-subscribers">
            {t('card.activeSubscribers', { count: plan.activeSubscribers })}
          </span>
        </p>
        <p>{t('card.created', { date: formatDate(plan.createdAt, lang) })}</p>
        <p>{t('card.renewal', { lead: plan.renewalLeadDays, grace: plan.graceDays })}</p>
      </div>

      <div className="mt-4 rounded-lg bg-slate-50 p-3 dark:bg-white/5">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-300">{t('card.subscribeLink')}</p>
        <p
          className="mt-1 truncate font-mono text-xs text-slate-800 dark:text-slate-200"
          title={plan.subscribeUrl}
          data-testid="subscribe-url"
        >
          {plan.subscribeUrl}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => copy(plan.subscribeUrl)}
          >
            {copied ? (
              <Check className="size-4 text-green-600" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            {copied ? t('card.copied') : t('card.copy')}
          </button>
          <a
            href={plan.subscribeUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'sm')}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('card.open')}
          </a>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            aria-expanded={qr}
            onClick={() => setQr((x) => !x)}
          >
            <QrCode className="size-4" aria-hidden="true" />
            {qr ? t('card.hideQr') : t('card.showQr')}
          </button>
        </div>
        {qr && (
          <div className="mt-3 flex justify-center">
            <QrSvg
              value={plan.subscribeUrl}
              label={t('card.qrLabel', { name: plan.name })}
              size={150}
              testId="plan-qr"
            />
          </div>
        )}
      </div>

      {statusError && <Banner className="mt-3">{statusError}</Banner>}

      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4 dark:border-white/10">
          <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Toggle
              checked={plan.active}
              disabled={update.isPending}
              label={t(plan.active ? 'card.deactivate' : 'card.activate', { name: plan.name })}
              onChange={toggle}
            />
            <span aria-hidden="true">{plan.active ? t('card.active') : t('card.inactive')}</span>
          </span>
          <span className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => onEdit(plan)}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('card.edit')}
            </Button>
            <Button
              variant="dangerOutline"
              size="sm"
              onClick={() => {
                setDeleteError(null);
                setConfirming(true);
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('card.delete')}
            </Button>
          </span>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('card.deleteTitle', { name: plan.name })}
        confirmLabel={t('card.deleteButton')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        <p>{t('card.deleteConfirm')}</p>
      </ConfirmDialog>
    </Card>
  );
}
