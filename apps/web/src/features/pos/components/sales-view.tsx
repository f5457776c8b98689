import type { TPosSale, TPosSales } from '@coinlane/core/api/pos';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { formatCrypto, formatFiat } from '../../../lib/amounts.ts';
import { isPaidInFull } from './sale-view.tsx';

/** The status a row shows: a payment seen but short of its confirmations is "confirming". */
export function saleStatusKey(
  sale: TPosSale,
): 'pending' | 'confirming' | 'partial' | 'confirmed' | 'failed' | 'expired' {
  if (sale.status === 'pending' && isPaidInFull(sale)) {
    return 'confirming';
  }
  return sale.status;
}
const TONES: Record<ReturnType<typeof saleStatusKey>, BadgeTone> = {
  pending: 'grey',
  confirming: 'brand',
  partial: 'amber',
  confirmed: 'green',
  failed: 'red',
  expired: 'grey',
};

/** Today's sales of this device with the day's totals; a row opens its sale. */
export function SalesView({
  sales,
  loading,
  onOpen,
}: {
  sales: TPosSales | null;
  loading: boolean;
  onOpen: (sale: TPosSale) => void;
}) {
  const { t, i18n } = useTranslation('pos');
  const lang = i18n.language;
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-5 md:py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {t('sales.title')}
      </h1>
      {sales && (
        <dl className="mt-4 grid grid-cols-2 gap-3" data-testid="pos-totals">
          <div className="rounded-2xl bg-slate-900 p-4 text-white dark:bg-black/40">
            <dt className="text-xs font-medium uppercase tracking-wider text-slate-400">
              {t('sales.paidToday')}
            </dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums sm:text-3xl">
              {formatFiat(sales.totals.confirmedAmount, sales.totals.currency, lang)}
            </dd>
          </div>
          <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-white/10">
            <dt className="text-xs font-medium uppercase tracking-wider text-slate-500">
              {t('sales.count', { count: sales.totals.count })}
            </dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
              {t('sales.confirmedOf', { confirmed: sales.totals.confirmedCount, count: sales.totals.count })}
            </dd>
          </div>
        </dl>
      )}
      {sales && sales.sales.length === 0 ? (
        <p className="mt-8 text-center text-slate-500">{t('sales.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-white/10 dark:bg-slate-900 dark:ring-white/10">
          {(sales?.sales ?? []).map((s) => {
            const key = saleStatusKey(s);
            return (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => onOpen(s)}
                  className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-white/5"
                >
                  <span className="w-14 shrink-0 text-sm text-slate-500 tabular-nums">
                    {time.format(new Date(s.createdAt))}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900 tabular-nums dark:text-white">
                      {formatFiat(s.fiatAmount, s.fiatCurrency, lang)}
                    </span>
                    <span className="block truncate text-sm text-slate-500 tabular-nums">
                      {formatCrypto(s.amount, s.currency, lang, { decimals: s.decimals })} {s.currency}
                    </span>
                  </span>
                  <Badge tone={TONES[key]} dot>
                    {t(`sales.status.${key}`)}
                  </Badge>
                </button>
              </li>
            );
          })}
          {loading && !sales && <li className="h-16 animate-pulse bg-slate-100 dark:bg-white/5" />}
        </ul>
      )}
    </div>
  );
}
