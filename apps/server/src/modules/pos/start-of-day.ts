import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';

/** The wall-clock fields of `at` in `timeZone`. */
function wallClock(timeZone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour'), mi: n('minute'), s: n('second') };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(timeZone: string, at: Date): number {
  const w = wallClock(timeZone, at);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant today began in `timeZone` (IANA; UTC when absent): the counter's day, not the server's. Exact across
 * daylight-saving changes (the offset is read again at the candidate midnight). A name the runtime does not know
 * is refused with VALIDATION_ERROR.
 */
export function startOfDay(timeZone: string | undefined, now: Date): Date {
  const tz = timeZone ?? 'UTC';
  if (!isTimeZone(tz)) {
    throw new AppError('VALIDATION_ERROR', {
      message: T.posTimeZoneInvalid,
      details: { fields: { tz: T.posTimeZoneInvalid } },
    });
  }
  const today = wallClock(tz, now);
  const midnightWall = Date.UTC(today.y, today.m - 1, today.d);
  let start = midnightWall - offsetAt(tz, now);
  start = midnightWall - offsetAt(tz, new Date(start));
  return new Date(start);
}
