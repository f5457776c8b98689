import { describe, expect, it } from 'vitest';
import {
  liveUrl,
  MAX_RECONNECT_ATTEMPTS,
  nextReconnectDelay,
  POLL_INTERVAL_MS,
  reconnectDelay,
} from './live-schedule.ts';

describe('reconnect schedule', () => {
  it('waits 1 s × 2^n, for at most 5 attempts, then stops (polling carries the page)', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
    const delays: number[] = [];
    for (let made = 0; ; made++) {
      const d = nextReconnectDelay(made);
      if (d === null) break;
      delays.push(d);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelay(0)).toBe(1000);
    expect(nextReconnectDelay(5)).toBeNull();
    expect(nextReconnectDelay(9)).toBeNull();
  });

  it('polls every 30 s without a live connection', () => {
    expect(POLL_INTERVAL_MS).toBe(30_000);
  });

  it('connects to the same origin with ws: or wss: like the page', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' }, 'pay_1')).toBe(
      'ws://localhost:3000/ws?paymentId=pay_1',
    );
    expect(liveUrl({ protocol: 'https:', host: 'pay.example.com' }, 'pay_a b')).toBe(
      'wss://pay.example.com/ws?paymentId=pay_a%20b',
    );
  });
});
