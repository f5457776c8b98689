import type { TPayoutRule } from '@coinlane/core/api/payouts';
import { ArrowRight, Repeat, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Toggle } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCrypto } from '../../../lib/amounts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePayoutMutations, usePayoutRules, usePayoutSettings } from '../hooks/use-payouts.ts';
import { useWallets } from '../hooks/use-wallets.ts';
import { refusalOr } from '../utils/error-text.ts';
import { fromLabel, networkName } from '../utils/rules.ts';
import { shortAddress } from '../utils/wallet-input.ts';
import { type RuleFieldErrors, RuleForm } from './rule-form.tsx';

type Notice = { tone: 'success' | 'error'; text: string };

const RULE_FIELDS = ['fromCurrency', 'fromNetwork', 'toCurrency', 'walletId', 'minAmount'] as const;

/** The server's field messages of a refused rule, keyed by the form's fields; null when none applies. */
function fieldErrorsOf(err: unknown): RuleFieldErrors | null {
  if (!(err instanceof ApiError)) return null;
  const out: RuleFieldErrors = {};
  for (const [key, message] of Object.entries(err.fields)) {
    if ((RULE_FIELDS as readonly string[]).includes(key)) out[key as keyof RuleFieldErrors] = message;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Instant Payouts' Rules tab (merchant spec 2, 4, 5): the rules, newest first, each with its Active/Disabled
 * toggle and delete (with the spec's confirmation); the add form opened by the page's Add Rule button.
 */
export function RulesPanel({
  formOpen,
  setFormOpen,
  onGoToWallets,
}: {
  formOpen: boolean;
  setFormOpen: (open: boolean) => void;
  onGoToWallets: () => void;
}) {
  const { t, i18n } = useTranslation('payouts');
  const lang = i18n.language;
  const rules = usePayoutRules();
  const wallets = useWallets();
  const settings = usePayoutSettings();
  const { addRule, updateRule, deleteRule } = usePayoutMutations();
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<RuleFieldErrors | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<TPayoutRule | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    if (formOpen) {
      setFormError(null);
      setFieldErrors(undefined);
      setNotice(null);
    }
  }, [formOpen]);

  const toggle = (rule: TPayoutRule, enabled: boolean) => {
    setNotice(null);
    updateRule.mutate(
      { id: rule.id, body: { enabled } },
      {
        onSuccess: () => setNotice({ tone: 'success', text: t('rules.notices.updated') }),
        onError: (err) => setNotice({ tone: 'error', text: refusalOr(err, t('errors.updateRule')) }),
      },
    );
  };

  const list = rules.data?.rules ?? [];
  return (
    <div className="space-y-6">
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}

      {formOpen && (
        <Card className="overflow-hidden">
          <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('rules.formTitle')}</h2>
          </div>
          <div className="p-5">
            {wallets.isPending || settings.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : (
              <RuleForm
                wallets={wallets.data?.wallets ?? []}
                defaultTo={settings.data?.conversionCurrency ?? 'USDT'}
                busy={addRule.isPending}
                error={formError}
                fieldErrors={fieldErrors}
                onCancel={() => setFormOpen(false)}
                onGoToWallets={onGoToWallets}
                onSubmit={(body) => {
                  setFormError(null);
                  setFieldErrors(undefined);
                  addRule.mutate(body, {
                    onSuccess: () => {
                      setFormOpen(false);
                      setNotice({ tone: 'success', text: t('rules.notices.added') });
                    },
                    onError: (err) => {
                      const fields = fieldErrorsOf(err);
                      if (fields) setFieldErrors(fields);
                      else setFormError(refusalOr(err, t('errors.addRule')));
                    },
                  });
                }}
              />
            )}
          </div>
        </Card>
      )}

      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-5 py-4 dark:border-white/10">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('rules.heading')}</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('rules.description')}</p>
        </div>
        {rules.isPending ? (
          <div className="space-y-4 px-5 py-4" aria-hidden="true">
            {[0, 1].map((i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-3 w-72" />
              </div>
            ))}
          </div>
        ) : rules.isError ? (
          <div className="space-y-3 p-5">
            <Banner>{t('errors.load')}</Banner>
            <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-12 text-center">
            <Repeat className="size-8 text-slate-400" aria-hidden="true" />
            <p className="font-medium">{t('rules.empty')}</p>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('rules.emptyHint')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-white/10">
            {list.map((r) => (
              <li
                key={r.id}
                data-testid="rule-row"
                data-id={r.id}
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="inline-flex items-center gap-1.5 font-medium">
                      {fromLabel(r)}
                      <ArrowRight className="size-4 text-slate-400" aria-label={t('rules.into')} />
                      {r.toCurrency}
                    </span>
                    <Badge tone={r.enabled ? 'green' : 'grey'} dot>
                      {r.enabled ? t('rules.active') : t('rules.disabled')}
                    </Badge>
                  </div>
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
                    <span>
                      {t('rules.minimum', {
                        amount: formatCrypto(r.minAmount, r.fromCurrency, lang, { decimals: 8 }),
                        currency: r.fromCurrency,
                      })}
                    </span>
                    <span aria-hidden="true">·</span>
                    <span>
                      {r.wallet.label}{' '}
                      <span className="font-mono" title={r.wallet.address}>
                        {shortAddress(r.wallet.address)}
                      </span>
                    </span>
                    <span aria-hidden="true">·</span>
                    <span>
                      {r.conversion === 'swap'
                        ? t('rules.swapOn', { network: networkName(r.fromNetwork) })
                        : t('rules.exchange')}
                    </span>
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <Toggle
                    checked={r.enabled}
                    label={t('rules.toggle', { rule: `${fromLabel(r)} → ${r.toCurrency}` })}
                    disabled={updateRule.isPending && updateRule.variables?.id === r.id}
                    onChange={(on) => toggle(r, on)}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(r);
                    }}
                    aria-label={`${t('actions.delete')} ${fromLabel(r)} → ${r.toCurrency}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {t('actions.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <ConfirmDialog
        open={deleting !== null}
        title={t('rules.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('form.cancel')}
        closeLabel={t('close')}
        busy={deleteRule.isPending}
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteRule.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setNotice({ tone: 'success', text: t('rules.notices.deleted') });
            },
            onError: (err) => setDeleteError(refusalOr(err, t('errors.deleteRule'))),
          })
        }
      >
        <p>{t('rules.deleteText')}</p>
        {deleting && (
          <p className="font-medium text-slate-900 dark:text-white">{`${fromLabel(deleting)} → ${deleting.toCurrency}`}</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
