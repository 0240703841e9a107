import { describe, expect, it, vi } from 'vitest';
import { TtlMemo } from '../src/lib/ttl-memo.ts';

describe('TtlMemo (list totals)', () => {
  it('computes once for racing callers, again after the time is up, and forgets failures', async () => {
    vi.useFakeTimers();
    try {
      const memo = new TtlMemo<number>({ ttlMs: 60_000, max: 10 });
      let calls = 0;
      const count = () => Promise.resolve(++calls);
      expect(await Promise.all([memo.get('cement', count), memo.get('cement', count)])).toEqual([1, 1]);
      vi.advanceTimersByTime(59_000);
      expect(await memo.get('cement', count)).toBe(1);
      vi.advanceTimersByTime(2_000);
      expect(await memo.get('cement', count)).toBe(2);
      await expect(memo.get('steel', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
      expect(await memo.get('steel', count)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most `max` entries, dropping the oldest', async () => {
    const memo = new TtlMemo<string>({ ttlMs: 60_000, max: 2 });
    await memo.get('a', async () => 'a1');
    await memo.get('b', async () => 'b1');
    await memo.get('c', async () => 'c1');
    expect(await memo.get('a', async () => 'a2')).toBe('a2');
    expect(await memo.get('c', async () => 'c2')).toBe('c1');
  });
});
