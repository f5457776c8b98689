import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'grey' | 'amber' | 'brand';

const tones: Record<BadgeTone, string> = {
  green:
    'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-500/10 dark:text-green-300 dark:ring-green-500/30',
  yellow:
    'bg-yellow-50 text-yellow-800 ring-yellow-600/25 dark:bg-yellow-500/10 dark:text-yellow-200 dark:ring-yellow-500/30',
  red: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/30',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-white/5 dark:text-slate-300 dark:ring-white/15',
  amber:
    'bg-amber-100 text-amber-800 ring-amber-600/30 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/40',
  brand:
    'bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-500/10 dark:text-brand-200 dark:ring-brand-400/30',
};
const dots: Record<BadgeTone, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
  grey: 'bg-slate-400',
  amber: 'bg-amber-500',
  brand: 'bg-brand-500',
};

/** A small rounded label for a status, with an optional leading dot. */
export function Badge({
  tone = 'grey',
  dot = false,
  children,
  className,
}: {
  tone?: BadgeTone;
  dot?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {dot && <span aria-hidden="true" className={cn('size-1.5 rounded-full', dots[tone])} />}
      {children}
    </span>
  );
}
