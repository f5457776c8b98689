import { Clock, Coins, Repeat } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { FigureCard } from '../../../components/ui/figure-card.tsx';
import { formatCount, formatPlaces } from '../../../lib/amounts.ts';
import { usePayoutSummary } from '../hooks/use-payouts.ts';

/** Total Converted is shown to 4 decimals (merchant spec 2), the exact sum on hover. */
export const TOTAL_PLACES = 4;

const icon = (Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>) => (
  <Icon className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
);

/**
 * The page's three cards (merchant spec 2): Total Converted in the conversion currency, with one more line per
 * other stablecoin that rules convert to; Active Rules; Pending Payouts.
 */
export function PayoutSummaryCards() {
  const { t, i18n } = useTranslation('payouts');
  const lang = i18n.language;
  const summary = usePayoutSummary();
  const s = summary.data;
  const [main, ...others] = s?.totalConverted ?? [];
  const total = (amount: string) => formatPlaces(amount, TOTAL_PLACES, lang);
  return (
    <div className="space-y-3">
      {summary.isError && <Banner>{t('errors.load')}</Banner>}
      {/* Phones: Total Converted across the row, the two counts side by side below it. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        <FigureCard
          className="col-span-2 sm:col-span-1"
          icon={icon(Coins)}
          label={t('summary.totalConverted')}
          value={main ? `${total(main.amount).text} ${main.currency}` : '—'}
          title={
            main && total(main.amount).rounded ? `${total(main.amount).exact} ${main.currency}` : undefined
          }
          hint={
            others.length > 0 ? (
              <ul data-testid="summary-other-currencies">
                {others.map((o) => (
                  <li
                    key={o.currency}
                    className="tabular-nums"
                    title={`${total(o.amount).exact} ${o.currency}`}
                  >
                    {t('summary.plus', { amount: total(o.amount).text, currency: o.currency })}
                  </li>
                ))}
              </ul>
            ) : (
              t('summary.totalConvertedHint')
            )
          }
          loading={summary.isPending}
          testId="summary-total-converted"
        />
        <FigureCard
          icon={icon(Repeat)}
          label={t('summary.activeRules')}
          value={s && formatCount(s.activeRules, lang)}
          hint={t('summary.activeRulesHint')}
          loading={summary.isPending}
          testId="summary-active-rules"
        />
        <FigureCard
          icon={icon(Clock)}
          label={t('summary.pendingPayouts')}
          value={s && formatCount(s.pendingPayouts, lang)}
          hint={t('summary.pendingPayoutsHint')}
          loading={summary.isPending}
          testId="summary-pending-payouts"
        />
      </div>
    </div>
  );
}
