import { useTranslation } from 'react-i18next';

/** Formats the fee (an exact decimal string such as '1' or '0.5') and counts in the interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  return {
    fee: (percent: string) =>
      /^\d+(\.\d+)?$/.test(percent) ? number.format(percent as `${number}`) : percent,
    count: (n: number) => number.format(n),
  };
}
