import type { TPosSession } from '@coinlane/core/api/pos';
import { Delete } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatFiat } from '../../../lib/amounts.ts';
import { amountShown, amountToCharge, type KeypadKey, keyOfKeyboard, pressKey } from '../keypad.ts';

export type CoinChoice = { currency: string; network: string };

const DIGITS: KeypadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The amount in the device's currency, the coin to take, and Charge. Touch-sized keys; a keyboard works too. */
export function KeypadView({
  session,
  typed,
  onTyped,
  choice,
  onChoice,
  busy,
  error,
  onCharge,
}: {
  session: TPosSession;
  typed: string;
  onTyped: (typed: string) => void;
  choice: CoinChoice | null;
  onChoice: (choice: CoinChoice) => void;
  busy: boolean;
  error: string | null;
  onCharge: (amount: string) => void;
}) {
  const { t, i18n } = useTranslation('pos');
  const lang = i18n.language;
  const currency = session.device.fiatCurrency;
  const decimals = session.fiatDecimals;
  const limits = { decimals, maxIntegerDigits: session.maxAmount.split('.')[0]!.length };
  const amount = amountToCharge(typed, decimals);
  const press = (key: KeypadKey) => onTyped(pressKey(typed, key, limits));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === 'Enter' && amount && choice && !busy) {
        onCharge(amount);
        return;
      }
      const key = keyOfKeyboard(e.key);
      if (key) {
        e.preventDefault();
        onTyped(pressKey(typed, key, limits));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const coin = session.currencies.find((c) => c.symbol === choice?.currency) ?? null;
  const keyClass =
    'flex h-16 items-center justify-center rounded-2xl bg-white text-3xl font-medium text-slate-900 shadow-sm ring-1 ring-slate-200 transition active:scale-[0.97] active:bg-slate-100 sm:h-20 dark:bg-slate-800 dark:text-white dark:ring-white/10 dark:active:bg-slate-700';

  return (
    <div className="mx-auto grid w-full max-w-5xl flex-1 gap-4 px-4 py-4 md:grid-cols-2 md:gap-8 md:px-8 md:py-8">
      <div className="flex min-w-0 flex-col gap-4">
        <output
          aria-live="polite"
          aria-label={t('keypad.amount')}
          data-testid="pos-amount"
          className="block rounded-2xl bg-slate-900 px-5 py-5 text-right text-white shadow-inner dark:bg-black/40"
        >
          <span className="block text-xs font-medium uppercase tracking-wider text-slate-400">
            {t('keypad.amount')}
          </span>
          <span className="mt-1 block truncate text-4xl font-semibold tabular-nums sm:text-5xl">
            {formatFiat(amountShown(typed, decimals), currency, lang)}
          </span>
        </output>

        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('keypad.payWith')}
          </legend>
          {session.currencies.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">{t('keypad.noCoins')}</p>
          ) : (
            // One scrolling row on a phone (the keypad stays in view), wrapped on wider screens.
            <div className="-mx-4 mt-2 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0">
              {session.currencies.map((c) => (
                <button
                  key={c.symbol}
                  type="button"
                  aria-pressed={choice?.currency === c.symbol}
                  onClick={() => onChoice({ currency: c.symbol, network: c.networks[0]!.id })}
                  className={cn(
                    'h-12 min-w-[4.5rem] shrink-0 rounded-xl px-4 text-base font-semibold ring-1 transition',
                    choice?.currency === c.symbol
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-white/15',
                  )}
                >
                  {c.symbol}
                </button>
              ))}
            </div>
          )}
          {coin && coin.networks.length > 1 && (
            <div className="mt-3">
              <span className="text-xs font-medium uppercase tracking-wider text-slate-500">
                {t('keypad.network')}
              </span>
              <div className="-mx-4 mt-1 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0">
                {coin.networks.map((n) => (
                  <button
                    key={n.id}
                    type="button"
                    aria-pressed={choice?.network === n.id}
                    onClick={() => onChoice({ currency: coin.symbol, network: n.id })}
                    className={cn(
                      'h-10 shrink-0 rounded-lg px-3 text-sm font-medium ring-1 transition',
                      choice?.network === n.id
                        ? 'bg-slate-900 text-white ring-slate-900 dark:bg-white dark:text-slate-900'
                        : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-white/15',
                    )}
                  >
                    {n.name}
                  </button>
                ))}
              </div>
            </div>
          )}
        </fieldset>
        {error && <Banner tone="error">{error}</Banner>}
      </div>

      <div className="flex min-w-0 flex-col gap-3">
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          {DIGITS.map((d) => (
            <button key={d} type="button" className={keyClass} onClick={() => press(d)}>
              {d}
            </button>
          ))}
          {decimals > 0 ? (
            <button
              type="button"
              className={keyClass}
              aria-label={t('keypad.decimal')}
              onClick={() => press('.')}
            >
              {(1.5).toLocaleString(lang).charAt(1)}
            </button>
          ) : (
            <button type="button" className={keyClass} onClick={() => press('00')}>
              00
            </button>
          )}
          <button type="button" className={keyClass} onClick={() => press('0')}>
            0
          </button>
          <button
            type="button"
            className={keyClass}
            aria-label={t('keypad.back')}
            onClick={() => press('back')}
            onContextMenu={(e) => {
              e.preventDefault();
              press('clear');
            }}
          >
            <Delete className="size-7" aria-hidden="true" />
          </button>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="lg"
            className="h-16 rounded-2xl px-5 text-base"
            onClick={() => press('clear')}
            disabled={typed === ''}
          >
            {t('keypad.clear')}
          </Button>
          <Button
            size="lg"
            className="h-16 flex-1 rounded-2xl text-lg"
            disabled={!amount || !choice}
            loading={busy}
            onClick={() => amount && onCharge(amount)}
          >
            {busy
              ? t('keypad.creating')
              : amount
                ? t('keypad.charge', { amount: formatFiat(amount, currency, lang) })
                : t('keypad.enterAmount')}
          </Button>
        </div>
      </div>
    </div>
  );
}
