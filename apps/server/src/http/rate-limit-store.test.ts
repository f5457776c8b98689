import { describe, expect, it } from 'vitest';
import { createRateLimitCounters } from './rate-limit-store.ts';

type Reply = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Reply) => void;
type Counting = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number): void;
};
const incr = (store: Counting, key: string, window = 60_000, max = 2) =>
  new Promise<Reply>((resolve) => store.incr(key, (_e, r) => resolve(r!), window, max));
const read = (store: Counting, key: string, window = 60_000) =>
  new Promise<Reply>((resolve) => store.read!(key, (_e, r) => resolve(r!), window));

describe('rate-limit counters', () => {
  it('count per key within a window, like the library store', async () => {
    const { store } = createRateLimitCounters();
    const s = new store({});
    expect((await incr(s, 'a')).current).toBe(1);
    expect((await incr(s, 'a')).current).toBe(2);
    expect((await incr(s, 'b')).current).toBe(1);
    expect((await read(s as Counting, 'a')).current).toBe(2);
    // A window that has passed starts again.
    expect((await incr(s, 'a', 0)).current).toBe(1);
  });

  it('clear() empties every store of the set, children included, and counts what it dropped', async () => {
    const counters = createRateLimitCounters();
    const parent = new counters.store({});
    const child = parent.child({} as never);
    const otherSet = new (createRateLimitCounters().store)({});
    await incr(parent, 'a');
    await incr(parent, 'a');
    await incr(child, 'x');
    await incr(child, 'y');
    await incr(otherSet, 'a');
    expect(counters.clear()).toBe(3);
    expect((await read(parent as Counting, 'a')).current).toBe(0);
    expect((await read(child as Counting, 'x')).current).toBe(0);
    expect((await read(otherSet as Counting, 'a')).current).toBe(1);
    expect(counters.clear()).toBe(0);
  });

  it('keeps at most `cache` keys, dropping the least recently used', async () => {
    const s = new (createRateLimitCounters().store)({ cache: 2 } as never);
    await incr(s, 'a');
    await incr(s, 'b');
    await incr(s, 'a');
    await incr(s, 'c');
    expect((await read(s as Counting, 'b')).current).toBe(0);
    expect((await read(s as Counting, 'a')).current).toBe(2);
    expect((await read(s as Counting, 'c')).current).toBe(1);
  });
});
