import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { AutoConversionPanel } from './auto-conversion-panel.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { PayoutSummaryCards } from './payout-summary-cards.tsx';
import { RulesPanel } from './rules-panel.tsx';
import { WalletsPanel } from './wallets-panel.tsx';

/** The four tabs in the spec's order; the URL's ?tab= keeps the one on screen across reloads. */
export const PAYOUT_TABS = ['auto', 'wallets', 'rules', 'history'] as const;
export type TPayoutTab = (typeof PAYOUT_TABS)[number];

/**
 * /instant-payouts (merchant spec 2, "Instant Payouts page"; decision 024): the three summary cards and four tabs,
 * Auto Conversion, Wallets, Rules, History. The header's button adds a wallet or a rule on their tabs.
 */
export default function InstantPayoutsPage() {
  const { t } = useTranslation('payouts');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TPayoutTab = PAYOUT_TABS.includes(asked as TPayoutTab) ? (asked as TPayoutTab) : 'auto';
  const [walletFormOpen, setWalletFormOpen] = useState(false);
  const [ruleFormOpen, setRuleFormOpen] = useState(false);

  const chooseTab = (next: TPayoutTab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  const add =
    tab === 'wallets'
      ? { open: walletFormOpen, set: setWalletFormOpen, label: t('wallets.add') }
      : tab === 'rules'
        ? { open: ruleFormOpen, set: setRuleFormOpen, label: t('rules.add') }
        : null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        {add && (
          <Button
            variant={add.open ? 'outline' : 'primary'}
            onClick={() => add.set(!add.open)}
            aria-expanded={add.open}
          >
            {add.open ? (
              <X className="size-4" aria-hidden="true" />
            ) : (
              <Plus className="size-4" aria-hidden="true" />
            )}
            {add.open ? t('form.cancel') : add.label}
          </Button>
        )}
      </header>

      <PayoutSummaryCards />

      <Tabs
        label={t('tabs.label')}
        value={tab}
        onChange={chooseTab}
        items={PAYOUT_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
      >
        {tab === 'auto' ? (
          <AutoConversionPanel />
        ) : tab === 'wallets' ? (
          <WalletsPanel formOpen={walletFormOpen} setFormOpen={setWalletFormOpen} />
        ) : tab === 'rules' ? (
          <RulesPanel
            formOpen={ruleFormOpen}
            setFormOpen={setRuleFormOpen}
            onGoToWallets={() => {
              setRuleFormOpen(false);
              setWalletFormOpen(true);
              chooseTab('wallets');
            }}
          />
        ) : (
          <HistoryPanel />
        )}
      </Tabs>
    </div>
  );
}
