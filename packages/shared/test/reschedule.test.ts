import { describe, expect, it } from 'vitest';
import { proposalLapsed, rescheduleTerms } from '../src/reschedule.ts';

/** The reschedule window (decision record 041): instants in India's time zone (UTC+05:30), across midnight. */
const ist = (s: string) => new Date(`${s}+05:30`);

describe('rescheduleTerms', () => {
  it('is free until 3 hours before the start, a fee inside the window, refused from the start', () => {
    const start = ist('2026-12-01T14:00:00');
    expect(rescheduleTerms(start, ist('2026-12-01T10:59:59'), 3)).toBe('free');
    expect(rescheduleTerms(start, ist('2026-12-01T11:00:00'), 3)).toBe('fee');
    expect(rescheduleTerms(start, ist('2026-12-01T13:59:59'), 3)).toBe('fee');
    expect(rescheduleTerms(start, ist('2026-12-01T14:00:00'), 3)).toBe('started');
    expect(rescheduleTerms(start, ist('2026-12-01T16:00:00'), 3)).toBe('started');
  });

  it('counts the window back across midnight in India: a 1 AM job is inside the window at 10:30 PM the evening before', () => {
    const start = ist('2026-12-02T01:00:00');
    expect(rescheduleTerms(start, ist('2026-12-01T21:59:00'), 3)).toBe('free');
    expect(rescheduleTerms(start, ist('2026-12-01T22:30:00'), 3)).toBe('fee');
    // 22:30 IST is 17:00 UTC: the UTC date (Dec 1) and India's date agree here, but not for the start (Dec 1 19:30 UTC).
    expect(start.toISOString()).toBe('2026-12-01T19:30:00.000Z');
    expect(rescheduleTerms(start, ist('2026-12-02T00:59:00'), 3)).toBe('fee');
    expect(rescheduleTerms(start, ist('2026-12-02T01:00:00'), 3)).toBe('started');
  });

  it('a 9 AM job seen just after midnight UTC (5:30 AM in India, the same Indian day) is inside the window only from 6 AM', () => {
    const start = ist('2026-12-02T09:00:00');
    expect(rescheduleTerms(start, new Date('2026-12-02T00:10:00Z'), 3)).toBe('free');
    expect(rescheduleTerms(start, new Date('2026-12-02T00:30:00Z'), 3)).toBe('fee');
  });

  it('follows the platform’s window: with 0 hours, free until the start', () => {
    const start = ist('2026-12-01T09:00:00');
    expect(rescheduleTerms(start, ist('2026-12-01T08:59:00'), 0)).toBe('free');
  });
});

describe('proposalLapsed', () => {
  it('lapses at its end and not a moment before', () => {
    const ends = new Date('2026-12-01T18:30:00Z');
    expect(proposalLapsed(ends, new Date('2026-12-01T18:29:59.999Z'))).toBe(false);
    expect(proposalLapsed(ends, ends)).toBe(true);
    expect(proposalLapsed(ends, new Date('2026-12-02T00:00:00Z'))).toBe(true);
  });
});
