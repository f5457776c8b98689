import { cn } from '../../../components/ui/cn.ts';

/** Brand-like colours of the best-known coins; any other coin gets a neutral badge. */
const COLOURS: Record<string, string> = {
  BTC: 'from-orange-400 to-amber-500',
  ETH: 'from-indigo-400 to-slate-500',
  USDT: 'from-emerald-400 to-teal-500',
  USDC: 'from-sky-400 to-blue-600',
  BNB: 'from-yellow-300 to-amber-500',
  MATIC: 'from-violet-400 to-purple-600',
  LTC: 'from-slate-300 to-slate-500',
  DOGE: 'from-yellow-300 to-yellow-500',
  SOL: 'from-fuchsia-400 to-cyan-400',
  DAI: 'from-amber-300 to-orange-400',
  TRX: 'from-red-400 to-rose-600',
  AVAX: 'from-red-400 to-red-600',
};

/** A round coin mark: the symbol (or, when `compact`, its first letter) on the coin's colour. */
export function CoinBadge({
  symbol,
  compact,
  className,
}: {
  symbol: string;
  compact?: boolean;
  className?: string;
}) {
  const text = compact ? symbol.slice(0, 1) : symbol;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br font-bold tracking-tight text-white shadow-sm ring-1 ring-black/5',
        COLOURS[symbol] ?? 'from-slate-400 to-slate-600',
        compact
          ? 'text-[11px]'
          : text.length <= 3
            ? 'text-xs'
            : text.length === 4
              ? 'text-[10px]'
              : 'text-[8px]',
        className ?? 'size-10',
      )}
    >
      {text}
    </span>
  );
}
