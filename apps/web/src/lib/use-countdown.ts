import { useEffect, useState } from 'react';

/** Whole seconds left until a deadline (ms since the epoch), never below zero. */
export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/** Seconds left until `deadline` (ms since the epoch), ticking; 0 without a deadline or once it has passed. */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(deadline, now);
}
