import type { TCheckoutPayment } from '@coinlane/core/api/checkout';
import { formatCrypto } from '../../../lib/amounts.ts';
import { halfOf, isZeroDecimal, plusTenPercent } from '../decimal.ts';
import { useT } from '../i18n.tsx';
import { FlaskIcon } from './icons.tsx';

/** Test mode only: a clearly marked panel to simulate full, partial and over payment. */
export function TestPanel({
  payment,
  busy,
  onSimulate,
}: {
  payment: TCheckoutPayment;
  busy: boolean;
  onSimulate: (amount?: string) => void;
}) {
  const { t, lang } = useT();
  const remaining = payment.amountRemaining;
  const nothingDue = isZeroDecimal(remaining);
  const c = payment.currency;
  const shownAmount = (amount: string) => formatCrypto(amount, c, lang);
  const buttons = [
    {
      key: 'full',
      label: t('test.full'),
      hint: t('test.fullHint', { amount: shownAmount(remaining), currency: c }),
      amount: undefined,
    },
    {
      key: 'partial',
      label: t('test.partial'),
      hint: t('test.partialHint', { amount: shownAmount(nothingDue ? '0' : halfOf(remaining)), currency: c }),
      amount: nothingDue ? '0' : halfOf(remaining),
    },
    {
      key: 'over',
      label: t('test.over'),
      hint: t('test.overHint', {
        amount: shownAmount(nothingDue ? '0' : plusTenPercent(remaining)),
        currency: c,
      }),
      amount: nothingDue ? '0' : plusTenPercent(remaining),
    },
  ] as const;
  return (
    <section
      aria-labelledby="test-panel-title"
      className="rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="test-panel-title" className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <FlaskIcon className="size-4" />
        {t('test.title')}
      </h2>
      {nothingDue ? (
        <p className="mt-2 text-sm text-amber-900">{t('test.waiting')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-amber-900">{t('test.body')}</p>
          <div className="mt-3 grid gap-2">
            {buttons.map((b) => (
              <button
                key={b.key}
                type="button"
                disabled={busy}
                onClick={() => onSimulate(b.amount)}
                className="flex flex-col items-start rounded-lg border border-amber-300 bg-white px-3 py-2 text-left transition-colors hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span className="text-sm font-semibold text-slate-900">{b.label}</span>
                <span className="font-mono text-xs text-slate-600">{b.hint}</span>
              </button>
            ))}
          </div>
          <p className="mt-3 text-xs text-amber-800">{t('test.waiting')}</p>
        </>
      )}
    </section>
  );
}
