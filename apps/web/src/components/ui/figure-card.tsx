import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { cn } from './cn.ts';
import { Skeleton } from './skeleton.tsx';

/**
 * A figure card (Total Volume, This Month, Confirmed, Total Value ...): a label with its icon, one figure, a hint
 * line. The card is a size container and the figure's type scales with the card's width (between 18 and 24 px),
 * so an 8-digit amount ($12,345,678.90; 12 345 678,90 $US) stays inside the card on a 390 px phone and in a
 * narrow grid column, in every language; labels and hints wrap rather than overflow. `title` is the exact amount
 * when the figure is shown compact (lib/amounts.ts formatFigure).
 */
export function FigureCard({
  icon,
  label,
  value,
  title,
  hint,
  loading = false,
  testId,
  className,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  title?: string;
  hint?: ReactNode;
  loading?: boolean;
  testId: string;
  className?: string;
}) {
  return (
    <Card className={cn('@container min-w-0 p-4 sm:p-5', className)} data-figure-card="">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium break-words text-slate-500 dark:text-slate-400">{label}</p>
        {icon}
      </div>
      {loading ? (
        <Skeleton className="mt-3 h-7 w-24" />
      ) : (
        <p
          className="mt-2 text-[length:clamp(1.125rem,9cqi,1.5rem)] leading-8 font-semibold tracking-tight whitespace-nowrap text-slate-900 tabular-nums dark:text-white"
          title={title}
          data-testid={testId}
        >
          {value}
        </p>
      )}
      {hint && <div className="mt-1 text-xs break-words text-slate-500 dark:text-slate-400">{hint}</div>}
    </Card>
  );
}
