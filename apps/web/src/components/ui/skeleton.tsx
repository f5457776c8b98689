import { cn } from './cn.ts';

/** A grey pulsing block standing in for content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 dark:bg-white/10', className)}
    />
  );
}
