import type { TVolumeDay } from '@coinlane/core/api/analytics';
import { useTranslation } from 'react-i18next';
import { formatCount, formatUsd } from '../../../lib/amounts.ts';

const W = 600;
const H = 160;
const PAD_BOTTOM = 20;
const PAD_TOP = 8;

/** Cents of a decimal USD string, as a number for drawing only (never for money). */
const cents = (usd: string) => Number(usd.replace('.', ''));

/** Confirmed volume per day over the last 30 days, as plain SVG bars (no chart library). */
export function VolumeChart({ days }: { days: readonly TVolumeDay[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  const max = Math.max(0, ...days.map((d) => cents(d.usd)));
  const slot = W / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.62);
  const plot = H - PAD_BOTTOM - PAD_TOP;
  const empty = max === 0;
  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={t('chart.label')}
        data-testid="volume-chart"
      >
        <line
          x1="0"
          x2={W}
          y1={H - PAD_BOTTOM}
          y2={H - PAD_BOTTOM}
          className="stroke-slate-200 dark:stroke-white/10"
        />
        {days.map((d, i) => {
          const h = empty ? 0 : Math.max(cents(d.usd) > 0 ? 2 : 0, (cents(d.usd) / max) * plot);
          return (
            <rect
              key={d.date}
              x={i * slot + (slot - bar) / 2}
              y={H - PAD_BOTTOM - h}
              width={bar}
              height={h}
              rx="2"
              className="fill-brand-500 dark:fill-brand-400"
              data-date={d.date}
              data-usd={d.usd}
            >
              <title>{`${label(d.date)}: ${formatUsd(d.usd, i18n.language)} (${formatCount(d.count, i18n.language)})`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>{days[0] ? label(days[0].date) : ''}</span>
        {empty && <span>{t('chart.empty')}</span>}
        <span>{days.at(-1) ? label(days.at(-1)!.date) : ''}</span>
      </figcaption>
    </figure>
  );
}
