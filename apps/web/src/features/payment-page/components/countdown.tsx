import { useEffect, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { countdownTone, formatCountdown, secondsLeft, TONE_CLASSES } from '../countdown.ts';
import { useT } from '../i18n.tsx';

/** Time left to pay, ticking each second; calls onEnd once when it reaches zero. */
export function Countdown({ expiresAt, onEnd }: { expiresAt: string; onEnd: () => void }) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(expiresAt, now);
  useEffect(() => {
    if (left <= 0) {
      onEnd();
      return;
    }
    // Tick just after the next whole second of time left (not of the wall clock), so no second is skipped.
    const untilNext = ((Date.parse(expiresAt) - now) % 1000) + 10;
    const timer = setTimeout(() => setNow(Date.now()), untilNext);
    return () => clearTimeout(timer);
  }, [now, left, expiresAt, onEnd]);
  const tone = countdownTone(left);
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{t('expiresIn')}</p>
        <p className="text-xs text-slate-500">{t('expiresHint')}</p>
      </div>
      <p
        data-testid="countdown"
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
