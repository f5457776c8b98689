import type { TPosSale } from '@coinlane/core/api/pos';
import { CircleAlert, Clock, Copy, FlaskConical } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { QrSvg } from '../../../components/ui/qr-svg.tsx';
import { formatCrypto, formatFiat } from '../../../lib/amounts.ts';
import { useCopy } from '../../../lib/use-copy.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';

/** Everything due has arrived (still short of its confirmations while pending). */
export const isPaidInFull = (sale: TPosSale) =>
  /[1-9]/.test(sale.amountReceived) && !/[1-9]/.test(sale.amountRemaining);

const clock = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
};

/** The large confirmed tick: drawn, not a font glyph, so it reads from across the counter. */
function PaidTick() {
  return (
    <svg viewBox="0 0 120 120" className="size-40 sm:size-48" aria-hidden="true" data-testid="pos-paid-tick">
      <circle cx="60" cy="60" r="56" className="fill-green-600" />
      <path
        d="M34 62 L52 80 L88 42"
        fill="none"
        stroke="white"
        strokeWidth="11"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * One sale on screen: the QR code and what to pay while it waits (with the countdown of its price lock), a partial
 * payment's remainder, the large tick once confirmed, expired or failed otherwise. "New sale" goes back to the keypad.
 * In test mode the counter simulates the customer's wallet, as the hosted page's test panel does.
 */
export function SaleView({
  sale,
  testMode,
  simulating,
  onSimulate,
  onNewSale,
  onDeadline,
}: {
  sale: TPosSale;
  testMode: boolean;
  simulating: boolean;
  onSimulate: (kind: 'full' | 'partial') => void;
  onNewSale: () => void;
  /** The price lock ran out on screen: read the sale again (the server decides whether it expired). */
  onDeadline: () => void;
}) {
  const { t, i18n } = useTranslation('pos');
  const lang = i18n.language;
  const { copied, copy } = useCopy();
  const left = useCountdown(Date.parse(sale.expiresAt));
  const fiat = formatFiat(sale.fiatAmount, sale.fiatCurrency, lang);
  const crypto = formatCrypto(sale.amount, sale.currency, lang, { decimals: sale.decimals });
  const remaining = formatCrypto(sale.amountRemaining, sale.currency, lang, { decimals: sale.decimals });
  const open = sale.status === 'pending' || sale.status === 'partial';
  const seen = sale.status === 'pending' && isPaidInFull(sale);
  const lapsed = open && left === 0;
  useEffect(() => {
    if (lapsed) onDeadline();
  }, [lapsed, onDeadline]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center gap-5 px-4 py-5 text-center md:py-8">
      <div>
        <p className="text-4xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-5xl dark:text-white">
          {fiat}
        </p>
        <p className="mt-1 text-lg text-slate-600 tabular-nums dark:text-slate-300">
          {crypto} {sale.currency}{' '}
          <span className="text-sm text-slate-500">{t('sale.network', { network: sale.networkName })}</span>
        </p>
      </div>

      {sale.status === 'confirmed' ? (
        <section
          aria-live="assertive"
          className="flex flex-col items-center gap-3 py-4"
          data-testid="pos-paid"
        >
          <PaidTick />
          <h2 className="text-4xl font-bold text-green-700 dark:text-green-400">{t('sale.confirmed')}</h2>
          <p className="text-lg text-slate-700 dark:text-slate-200">
            {t('sale.confirmedText', { amount: fiat })}
          </p>
        </section>
      ) : sale.status === 'expired' || sale.status === 'failed' ? (
        <section
          aria-live="assertive"
          className="flex flex-col items-center gap-3 py-6"
          data-testid="pos-ended"
        >
          <span className="flex size-32 items-center justify-center rounded-full bg-slate-200 text-slate-600 dark:bg-white/10 dark:text-slate-300">
            {sale.status === 'expired' ? (
              <Clock className="size-16" aria-hidden="true" />
            ) : (
              <CircleAlert className="size-16" aria-hidden="true" />
            )}
          </span>
          <h2 className="text-3xl font-bold text-slate-800 dark:text-slate-100">
            {sale.status === 'expired' ? t('sale.expired') : t('sale.failed')}
          </h2>
          <p className="text-slate-600 dark:text-slate-300">
            {sale.status === 'expired' ? t('sale.expiredText') : t('sale.failedText')}
          </p>
        </section>
      ) : (
        <section aria-live="polite" className="flex w-full flex-col items-center gap-3">
          {sale.status === 'partial' && (
            <p
              role="status"
              className="w-full max-w-md rounded-xl bg-amber-100 px-4 py-3 text-base font-semibold text-amber-900 dark:bg-amber-500/15 dark:text-amber-200"
            >
              {t('sale.partial')}: {t('sale.partialText', { remaining, currency: sale.currency })}
            </p>
          )}
          <p className="text-sm font-medium uppercase tracking-wider text-slate-500">{t('sale.scan')}</p>
          <div className="rounded-2xl bg-white p-3 shadow-lg ring-1 ring-slate-200">
            <QrSvg
              value={sale.paymentUri}
              label={t('sale.qrLabel', {
                amount: sale.status === 'partial' ? remaining : crypto,
                currency: sale.currency,
              })}
              size={300}
              testId="pos-qr"
            />
          </div>
          <div className="w-full max-w-md text-left">
            <span className="text-xs font-medium uppercase tracking-wider text-slate-500">
              {t('sale.address')}
            </span>
            <div className="mt-1 flex items-center gap-2 rounded-xl bg-slate-100 px-3 py-2 dark:bg-white/5">
              <code className="min-w-0 flex-1 break-all font-mono text-sm text-slate-800 dark:text-slate-100">
                {sale.address}
              </code>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => copy(sale.address)}
                aria-label={t('sale.copy')}
              >
                <Copy className="size-4" aria-hidden="true" />
                {copied ? t('sale.copied') : t('sale.copy')}
              </Button>
            </div>
          </div>
          <p className="text-base text-slate-700 dark:text-slate-200" data-testid="pos-sale-status">
            {seen
              ? t('sale.seen', { confirmations: sale.confirmations, required: sale.requiredConfirmations })
              : t('sale.waiting')}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-slate-500 tabular-nums">
            <Clock className="size-4" aria-hidden="true" />
            {t('sale.expiresIn', { time: clock(left) })}
          </p>
          {testMode && !seen && (
            <section
              aria-labelledby="pos-test-panel"
              className="w-full max-w-md rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-left dark:bg-amber-500/10"
            >
              <h3
                id="pos-test-panel"
                className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200"
              >
                <FlaskConical className="size-4" aria-hidden="true" />
                {t('test.title')}
              </h3>
              <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{t('test.text')}</p>
              <div className="mt-3 grid gap-2 sm:grid-cols-2">
                <Button
                  variant="outline"
                  className="h-12"
                  disabled={simulating}
                  onClick={() => onSimulate('full')}
                >
                  {t('test.full')}
                </Button>
                <Button
                  variant="outline"
                  className="h-12"
                  disabled={simulating}
                  onClick={() => onSimulate('partial')}
                >
                  {t('test.partial')}
                </Button>
              </div>
            </section>
          )}
        </section>
      )}

      <Button
        size="lg"
        variant={open ? 'outline' : 'primary'}
        className="mt-auto h-16 w-full max-w-md rounded-2xl text-lg"
        onClick={onNewSale}
      >
        {t('sale.newSale')}
      </Button>
    </div>
  );
}
