import {
  RULE_DEFAULTS,
  RULE_MIN_AMOUNT_DECIMALS,
  type TCreatePayoutRuleRequest,
} from '@coinlane/core/api/payouts';
import type { TWallet } from '@coinlane/core/api/wallets';
import { decimalProblem } from '@coinlane/core/money';
import { CONVERSION_CURRENCIES } from '@coinlane/core/options';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import {
  FROM_CURRENCIES,
  isSwapNetwork,
  networkName,
  receivableNetworks,
  ruleWalletChoices,
} from '../utils/rules.ts';
import { shortAddress } from '../utils/wallet-input.ts';

export type RuleFieldErrors = Partial<
  Record<'fromCurrency' | 'fromNetwork' | 'toCurrency' | 'walletId' | 'minAmount', string>
>;

/**
 * The add-rule form (merchant spec 5): From (BTC by default; the coins Coinlane does not receive yet are listed but
 * not selectable), its network when it has several, To (the switch's target currency by default), the wallet
 * (whitelisted single-address wallets of the To currency; for a swap, on the From network), the minimum amount
 * (0.01 by default, step 0.00000001).
 */
export function RuleForm({
  wallets,
  defaultTo,
  busy,
  error,
  fieldErrors,
  onSubmit,
  onCancel,
  onGoToWallets,
}: {
  wallets: readonly TWallet[];
  defaultTo: string;
  busy: boolean;
  error: string | null;
  fieldErrors?: RuleFieldErrors;
  onSubmit: (body: TCreatePayoutRuleRequest) => void;
  onCancel: () => void;
  onGoToWallets: () => void;
}) {
  const { t } = useTranslation('payouts');
  const [from, setFrom] = useState<string>(RULE_DEFAULTS.fromCurrency);
  const [network, setNetwork] = useState<string>(receivableNetworks(RULE_DEFAULTS.fromCurrency)[0]!);
  const [to, setTo] = useState<string>(defaultTo);
  const [walletId, setWalletId] = useState('');
  const [minAmount, setMinAmount] = useState<string>(RULE_DEFAULTS.minAmount);
  const [local, setLocal] = useState<RuleFieldErrors>({});

  const networks = receivableNetworks(from);
  const choices = ruleWalletChoices(wallets, to, network);
  const chosen = choices.some((w) => w.id === walletId) ? walletId : (choices[0]?.id ?? '');
  const swap = isSwapNetwork(network);
  const errors = { ...fieldErrors, ...local };

  const chooseFrom = (next: string) => {
    setFrom(next);
    // the network follows the coin: its first network unless the current one is one of its own
    const nets = receivableNetworks(next);
    if (!nets.includes(network as (typeof nets)[number])) setNetwork(nets[0] ?? '');
    setLocal({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: RuleFieldErrors = {};
    const amount = minAmount.trim();
    const p = amount === '' ? 'required' : decimalProblem(amount, RULE_MIN_AMOUNT_DECIMALS);
    if (p === 'required') problems.minAmount = t('errors.minAmountRequired');
    else if (p === 'too_many_decimals')
      problems.minAmount = t('errors.minAmountDecimals', { count: RULE_MIN_AMOUNT_DECIMALS });
    else if (p) problems.minAmount = t('errors.minAmountInvalid');
    if (from === to) problems.toCurrency = t('errors.sameCurrency');
    if (!chosen) problems.walletId = t('errors.walletRequired');
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    onSubmit({
      fromCurrency: from as TCreatePayoutRuleRequest['fromCurrency'],
      ...(networks.length > 1 ? { fromNetwork: network } : {}),
      toCurrency: to as TCreatePayoutRuleRequest['toCurrency'],
      walletId: chosen,
      minAmount: amount,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('rules.formTitle')} className="space-y-5">
      {error && <Banner>{error}</Banner>}
      <div className="grid gap-5 md:grid-cols-2">
        <Field label={t('rules.from')} error={errors.fromCurrency}>
          {(id, d) => (
            <Select
              id={id}
              aria-describedby={d}
              aria-invalid={errors.fromCurrency ? true : undefined}
              value={from}
              onChange={(e) => chooseFrom(e.target.value)}
              disabled={busy}
            >
              {FROM_CURRENCIES.receivable.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
              <optgroup label={t('rules.notReceived')}>
                {FROM_CURRENCIES.notReceived.map((c) => (
                  <option key={c} value={c} disabled>
                    {c}
                  </option>
                ))}
              </optgroup>
            </Select>
          )}
        </Field>
        {networks.length > 1 ? (
          <Field label={t('rules.network')} error={errors.fromNetwork}>
            {(id, d) => (
              <Select
                id={id}
                aria-describedby={d}
                aria-invalid={errors.fromNetwork ? true : undefined}
                value={network}
                onChange={(e) => {
                  setNetwork(e.target.value);
                  setLocal({});
                }}
                disabled={busy}
              >
                {networks.map((n) => (
                  <option key={n} value={n}>
                    {networkName(n)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('rules.network')}</p>
            <p className="py-2 text-sm text-slate-900 dark:text-slate-100">{networkName(network)}</p>
          </div>
        )}
        <Field label={t('rules.to')} error={errors.toCurrency}>
          {(id, d) => (
            <Select
              id={id}
              aria-describedby={d}
              aria-invalid={errors.toCurrency ? true : undefined}
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                setLocal({});
              }}
              disabled={busy}
            >
              {CONVERSION_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('rules.minAmount')}
          hint={t('rules.minAmountHint', { currency: from })}
          error={errors.minAmount}
        >
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              aria-invalid={errors.minAmount ? true : undefined}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.00000001"
              value={minAmount}
              onChange={(e) => setMinAmount(e.target.value)}
              disabled={busy}
            />
          )}
        </Field>
        <Field
          className="md:col-span-2"
          label={t('rules.wallet')}
          hint={
            choices.length > 0
              ? swap
                ? t('rules.walletHintSwap', { currency: to, network: networkName(network) })
                : t('rules.walletHint', { currency: to })
              : undefined
          }
          error={errors.walletId}
        >
          {(id, d) =>
            choices.length > 0 ? (
              <Select
                id={id}
                aria-describedby={d}
                aria-invalid={errors.walletId ? true : undefined}
                value={chosen}
                onChange={(e) => setWalletId(e.target.value)}
                disabled={busy}
              >
                {choices.map((w) => (
                  <option key={w.id} value={w.id}>
                    {`${w.label} · ${shortAddress(w.address)}${isSwapNetwork(w.network) ? ` · ${networkName(w.network)}` : ''}`}
                  </option>
                ))}
              </Select>
            ) : (
              <div
                id={id}
                className="flex flex-col gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between dark:border-white/15 dark:text-slate-300"
              >
                <span>
                  {swap
                    ? t('rules.walletNoneSwap', { currency: to, network: networkName(network) })
                    : t('rules.walletNone', { currency: to })}
                </span>
                <Button type="button" size="sm" variant="outline" onClick={onGoToWallets}>
                  {t('rules.goToWallets')}
                </Button>
              </div>
            )
          }
        </Field>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {swap ? t('rules.howSwap', { network: networkName(network) }) : t('rules.howShift')}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('rules.submit')}
        </Button>
      </div>
    </form>
  );
}
