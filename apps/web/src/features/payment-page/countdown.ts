/** Countdown thresholds of the hosted payment page (merchant spec 9). */
export const URGENT_SECONDS = 300;
export const WARNING_SECONDS = 900;

/**
 * Whole seconds left until `expiresAt` (never negative), counted down from `now`, rounded up: 0:00 shows only once
 * `expiresAt` has come, never in its last second (a "Try Again" pressed at 0:00 must find the attempt over).
 */
export const secondsLeft = (expiresAt: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));

/** h:mm:ss, or m:ss under an hour. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export type TCountdownTone = 'urgent' | 'warning' | 'normal';

/** Red and pulsing under 300 s, orange under 900 s. */
export const countdownTone = (seconds: number): TCountdownTone =>
  seconds < URGENT_SECONDS ? 'urgent' : seconds < WARNING_SECONDS ? 'warning' : 'normal';

export const TONE_CLASSES: Record<TCountdownTone, string> = {
  urgent: 'text-red-600 animate-pulse',
  warning: 'text-orange-600',
  normal: 'text-slate-900',
};
