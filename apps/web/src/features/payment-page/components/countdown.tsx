import { useEffect, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { countdownTone, formatCountdown, secondsLeft, TONE_CLASSES } from '../countdown.ts';
import { useT } from '../i18n.tsx';

/**
 * What the timer counts down to:
 * - `deadline`: the attempt's end (money seen, or the link ends with it): 'Time left to pay', the spec's colours;
 * - `link`: the link's expiry, while the attempt's price lock ends first (the spec's expiry countdown);
 * - `priceLock`: the end of the price lock, after which the amount is updated to the current rate; never red.
 */
export type TCountdownKind = 'deadline' | 'link' | 'priceLock';

const LABELS = {
  deadline: ['expiresIn', 'expiresHint'],
  link: ['linkExpiresIn', 'linkExpiresHint'],
  priceLock: ['priceLockedFor', 'priceLockHint'],
} as const;

/**
 * Time left until `expiresAt` on the server's clock (`clockOffset`: server minus device, ms), ticking each second;
 * calls onEnd once when it reaches zero, which is when the server's clock reaches `expiresAt`.
 */
export function Countdown({
  expiresAt,
  onEnd,
  clockOffset = 0,
  kind = 'deadline',
}: {
  expiresAt: string;
  onEnd?: () => void;
  clockOffset?: number;
  kind?: TCountdownKind;
}) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.now() + clockOffset);
  const left = secondsLeft(expiresAt, now);
  useEffect(() => {
    if (left <= 0) {
      onEnd?.();
      return;
    }
    // Tick just after the next whole second of time left (not of the wall clock), so no second is skipped.
    const untilNext = ((Date.parse(expiresAt) - now) % 1000) + 10;
    const timer = setTimeout(() => setNow(Date.now() + clockOffset), untilNext);
    return () => clearTimeout(timer);
  }, [now, left, expiresAt, onEnd, clockOffset]);
  const tone = kind === 'priceLock' ? 'normal' : countdownTone(left);
  const [label, hint] = LABELS[kind];
  return (
    <div
      className={cn(
        'flex items-center justify-between gap-3 rounded-xl border px-4 py-3',
        kind === 'priceLock' ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200 bg-white',
      )}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{t(label)}</p>
        <p className="text-xs text-slate-500">{t(hint)}</p>
      </div>
      <p
        data-testid={kind === 'priceLock' ? 'price-lock' : 'countdown'}
        data-tone={tone}
        className={cn('font-mono text-2xl font-semibold tabular-nums', TONE_CLASSES[tone])}
        role="timer"
        aria-live="off"
      >
        {formatCountdown(left)}
      </p>
    </div>
  );
}
