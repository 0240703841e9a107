import { describe, expect, it } from 'vitest';
import { daysAfterMove, movableDays, proposalLapsed, rescheduleTerms } from '../src/reschedule.ts';

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

describe('a multi-day job’s days (decision record 044)', () => {
  const job = { status: 'Confirmed', days: ['2026-12-01', '2026-12-02', '2026-12-04'], serviceTime: '9:00 AM' };

  it('lists the days not yet started, each by its own start; a started job never its first day', () => {
    expect(movableDays(job, ist('2026-11-30T12:00:00'), 3)).toEqual([
      { date: '2026-12-01', terms: 'free' }, { date: '2026-12-02', terms: 'free' }, { date: '2026-12-04', terms: 'free' },
    ]);
    // 7 AM on day 2: day 1 has started, day 2 is inside its window, day 3 free.
    expect(movableDays({ ...job, status: 'In progress' }, ist('2026-12-02T07:00:00'), 3)).toEqual([{ date: '2026-12-02', terms: 'fee' }, { date: '2026-12-04', terms: 'free' }]);
    expect(movableDays({ ...job, status: 'In progress' }, ist('2026-11-30T12:00:00'), 3).map((d) => d.date)).toEqual(['2026-12-02', '2026-12-04']);
    expect(movableDays({ ...job, status: 'Completed' }, ist('2026-11-30T12:00:00'), 3)).toEqual([]);
  });

  it('keeps the days in order once one moves', () => {
    expect(daysAfterMove(job.days, '2026-12-02', '2026-12-07')).toEqual(['2026-12-01', '2026-12-04', '2026-12-07']);
    expect(daysAfterMove(job.days, '2026-12-04', '2026-11-30')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
});
