import type { TSubscriber } from '@coinlane/core/api/subscriptions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useSubscriberMutations } from '../hooks/use-subscriptions.ts';
import { formatDate } from '../utils/format.ts';
import { failureText } from '../utils/messages.ts';

type When = 'cancel_now' | 'cancel_at_period_end';

/**
 * Asks before cancelling a subscription: now, or at the end of the current period (offered while it is active
 * and not already cancelling). The server's refusal shows inside the dialog.
 */
export function CancelSubscriptionDialog({
  subscriber,
  onClose,
  onDone,
}: {
  subscriber: TSubscriber | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('subscriptions');
  const { act } = useSubscriberMutations();
  const periodEnd =
    subscriber?.status === 'active' && !subscriber.cancelAtPeriodEnd ? subscriber.currentPeriodEnd : null;
  // At period end when that is offered, the gentler choice. The caller keys the dialog by subscriber, so each
  // question starts afresh.
  const [when, setWhen] = useState<When>(periodEnd ? 'cancel_at_period_end' : 'cancel_now');
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!subscriber) return;
    setError(null);
    act.mutate(
      { id: subscriber.id, action: when },
      {
        onSuccess: onDone,
        onError: (err) => setError(failureText(err, 'subscriberAction', t, when)),
      },
    );
  };

  const options: Array<{ value: When; label: string; hint: string }> = [
    ...(periodEnd
      ? [
          {
            value: 'cancel_at_period_end' as const,
            label: t('cancelDialog.periodEnd'),
            hint: t('cancelDialog.periodEndHint', { date: formatDate(periodEnd, i18n.language) }),
          },
        ]
      : []),
    { value: 'cancel_now', label: t('cancelDialog.now'), hint: t('cancelDialog.nowHint') },
  ];

  return (
    <ConfirmDialog
      open={subscriber !== null}
      title={t('cancelDialog.title', { email: subscriber?.email ?? '' })}
      confirmLabel={t('cancelDialog.confirm')}
      cancelLabel={t('cancelDialog.keep')}
      closeLabel={t('close')}
      busy={act.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('cancelDialog.confirm')}</legend>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3',
              when === o.value
                ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
                : 'border-slate-200 dark:border-white/10',
            )}
          >
            <input
              type="radio"
              name="cancel-when"
              value={o.value}
              checked={when === o.value}
              onChange={() => setWhen(o.value)}
              className="mt-0.5 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-slate-900 dark:text-white">{o.label}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
