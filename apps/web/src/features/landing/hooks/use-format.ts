import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/amounts.ts';

/**
 * Formats the landing page's figures in the interface language: the fee (an exact decimal string such as '1'
 * or '0.5'), counts, USD amounts (lib/amounts.ts), and durations (seconds, minutes or hours, whichever reads best).
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 4 });
  const unit = (u: 'second' | 'minute' | 'hour', n: number) =>
    new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: u,
      unitDisplay: 'short',
      maximumFractionDigits: u === 'hour' ? 1 : 0,
    }).format(n);
  const decimal = (v: string) => /^\d+(\.\d+)?$/.test(v);
  return {
    fee: (percent: string) => (decimal(percent) ? number.format(percent as `${number}`) : percent),
    count: (n: number) => number.format(n),
    /** A USD amount, through the app's one fiat formatter (lib/amounts.ts). */
    usd: (amount: string) => formatUsd(amount, lang),
    duration: (seconds: number) =>
      seconds < 90
        ? unit('second', Math.round(seconds))
        : seconds < 90 * 60
          ? unit('minute', Math.round(seconds / 60))
          : unit('hour', seconds / 3600),
  };
}
