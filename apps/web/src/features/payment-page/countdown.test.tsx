import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './components/countdown.tsx';
import { countdownTone, formatCountdown, secondsLeft, TONE_CLASSES } from './countdown.ts';
import { PaymentI18nProvider } from './i18n.tsx';
import { englishTexts } from './locales.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [299, '4:59'],
    [899, '14:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [86_399, '23:59:59'],
    [90_061, '25:01:01'],
    [-3, '0:00'],
    [12.9, '0:12'],
  ])('%s s -> %s (m:ss under an hour, h:mm:ss from one)', (s, text) => {
    expect(formatCountdown(s)).toBe(text);
  });
});

describe('countdownTone', () => {
  it.each([
    [0, 'urgent'],
    [299, 'urgent'],
    [300, 'warning'],
    [899, 'warning'],
    [900, 'normal'],
    [3600, 'normal'],
  ] as const)('%s s -> %s (red under 300 s, orange under 900 s)', (s, tone) => {
    expect(countdownTone(s)).toBe(tone);
  });

  it('red pulses, orange does not', () => {
    expect(TONE_CLASSES.urgent).toContain('text-red-600');
    expect(TONE_CLASSES.urgent).toContain('animate-pulse');
    expect(TONE_CLASSES.warning).toContain('text-orange-600');
    expect(TONE_CLASSES.warning).not.toContain('animate-pulse');
    expect(TONE_CLASSES.normal).not.toMatch(/red|orange|pulse/);
  });

  it('secondsLeft counts whole seconds up, so zero comes only at the expiry, and never goes below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsLeft('2026-01-01T00:15:00Z', now)).toBe(900);
    // The last second shows 0:01, not 0:00: a Try Again pressed at 0:00 must find the attempt over.
    expect(secondsLeft('2026-01-01T00:00:00.999Z', now)).toBe(1);
    expect(secondsLeft('2026-01-01T00:00:00.001Z', now)).toBe(1);
    expect(secondsLeft('2026-01-01T00:00:00Z', now)).toBe(0);
    expect(secondsLeft('2025-12-31T23:00:00Z', now)).toBe(0);
  });
});

/** Advances the fake clock in small steps, letting React render and re-arm its timer between them. */
async function tick(ms: number) {
  for (let done = 0; done < ms; done += 250) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
  }
}

describe('<Countdown>', () => {
  const renderAt = (
    expiresAt: string,
    onEnd = vi.fn(),
    props: { clockOffset?: number; kind?: 'deadline' | 'link' | 'priceLock' } = {},
  ) => {
    render(
      <PaymentI18nProvider initial={{ lang: 'en', texts: englishTexts }}>
        <Countdown expiresAt={expiresAt} onEnd={onEnd} {...props} />
      </PaymentI18nProvider>,
    );
    return onEnd;
  };

  it('shows orange m:ss, turns red and pulsing under 5 minutes, and calls onEnd once at zero', async () => {
    vi.useFakeTimers();
    const start = Date.parse('2026-01-01T12:00:00Z');
    vi.setSystemTime(start);
    const onEnd = renderAt(new Date(start + 302_000).toISOString());
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('5:02');
    expect(timer.dataset.tone).toBe('warning');
    expect(timer.className).toContain('text-orange-600');

    await tick(2_500);
    expect(timer.textContent).toBe('5:00');
    expect(timer.dataset.tone).toBe('warning');
    await tick(750);
    expect(timer.textContent).toBe('4:59');
    expect(timer.dataset.tone).toBe('urgent');
    expect(timer.className).toContain('animate-pulse');
    expect(onEnd).not.toHaveBeenCalled();

    await tick(300_000);
    expect(timer.textContent).toBe('0:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('never shows 0:00 nor calls onEnd before the expiry itself', async () => {
    vi.useFakeTimers();
    const start = Date.parse('2026-01-01T12:00:00Z');
    vi.setSystemTime(start);
    const onEnd = renderAt(new Date(start + 1_500).toISOString());
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('0:02');
    await tick(1_250);
    expect(timer.textContent).toBe('0:01');
    expect(onEnd).not.toHaveBeenCalled();
    await tick(500);
    expect(timer.textContent).toBe('0:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("counts down on the server's clock: a device 3 s ahead does not end 3 s early", async () => {
    vi.useFakeTimers();
    const device = Date.parse('2026-01-01T12:00:00Z');
    vi.setSystemTime(device);
    // The server's clock reads device - 3 s; the attempt ends 5 s from now on the server's clock.
    const onEnd = renderAt(new Date(device - 3_000 + 5_000).toISOString(), vi.fn(), { clockOffset: -3_000 });
    expect(screen.getByRole('timer').textContent).toBe('0:05');
    await tick(4_750);
    expect(onEnd).not.toHaveBeenCalled();
    await tick(500);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('labels a price lock as such, in neutral colour even in its last minutes', () => {
    renderAt(new Date(Date.now() + 120_500).toISOString(), vi.fn(), { kind: 'priceLock' });
    expect(screen.getByText('Price locked for')).toBeTruthy();
    const timer = screen.getByTestId('price-lock');
    expect(timer.textContent).toBe('2:01');
    expect(timer.dataset.tone).toBe('normal');
    expect(screen.queryByText('Time left to pay')).toBeNull();
  });

  it('shows h:mm:ss in neutral colour with more than an hour left', () => {
    renderAt(new Date(Date.now() + 2 * 3600_000 + 4_500).toISOString());
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('2:00:05');
    expect(timer.dataset.tone).toBe('normal');
  });
});
