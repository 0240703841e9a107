import { describe, expect, it } from 'vitest';
import { indiaMinute, type CalendarRules } from '../src/calendar.ts';
import { JOB_MSG, jobRefusal, jobSpan, jobStarts, quotedJobPaise, windowOf } from '../src/jobs.ts';

/** Multi-day jobs (decision record 042): a job's working days, and all of them held or none. */

const day = { open: '09:00', close: '18:00' };
// 2030-01-06 is a Sunday: Sundays off, and leave on Wednesday 2030-01-09.
const RULES: CalendarRules = {
  weekly: [null, day, day, day, day, day, { open: '09:00', close: '13:00' }], exceptions: [{ date: '2030-01-09', hours: null }],
  capacity: 1, jobMinutes: 60, bufferMinutes: 0, travel: false, horizonDays: 365,
};
const FULL_DAY = windowOf({ dayStart: '09:00', dayEnd: '17:00' });
const now = new Date('2029-12-01T00:00:00Z');
const ctx = { now, booked: [], travel: () => 0, pincode: null };

describe('a multi-day span', () => {
  it('skips the Sunday off, the day of leave and the short Saturday the window does not fit', () => {
    // Friday 4th, then Saturday 5th (closes at 1 PM), Sunday 6th off, Monday 7th, Tuesday 8th, leave on Wednesday 9th, Thursday 10th.
    expect(jobSpan(RULES, FULL_DAY, '2030-01-04', 4)).toEqual(['2030-01-04', '2030-01-07', '2030-01-08', '2030-01-10']);
    // A morning window fits the short Saturday.
    expect(jobSpan(RULES, windowOf({ dayStart: '09:00', dayEnd: '12:00' }), '2030-01-04', 3)).toEqual(['2030-01-04', '2030-01-05', '2030-01-07']);
  });

  it('cannot start on a day off', () => {
    expect(jobSpan(RULES, FULL_DAY, '2030-01-06', 2)).toBeNull();
    expect(jobRefusal(RULES, FULL_DAY, '2030-01-06', 2, ctx)).toEqual({ refusal: JOB_MSG.startDay });
  });

  it('without a calendar every day works, from 9 AM to 4 PM', () => {
    expect(jobSpan(null, windowOf({ dayStart: '09:00', dayEnd: '16:00' }), '2030-01-05', 3)).toEqual(['2030-01-05', '2030-01-06', '2030-01-07']);
    expect(jobSpan(null, FULL_DAY, '2030-01-05', 3)).toBeNull();
  });

  it('is refused whole when any one of its days is full, and the start dates skip it', () => {
    // A one-hour job on Tuesday 8th at 2 PM: a 4-day job from the 4th takes the 8th, so it cannot be held at all.
    const booked = [{ start: indiaMinute('2030-01-08', 14 * 60), minutes: 60, pincode: null }];
    expect(jobRefusal(RULES, FULL_DAY, '2030-01-04', 4, { ...ctx, booked })).toEqual({ refusal: JOB_MSG.full });
    // Starting on the 10th, the job's days (10th, 11th) miss the 8th.
    expect(jobRefusal(RULES, FULL_DAY, '2030-01-10', 2, { ...ctx, booked })).toEqual({ days: ['2030-01-10', '2030-01-11'] });
    // Two-day jobs: from the 4th (4th, 7th) and the 10th; the 7th and 8th would take the 8th; the 5th, 6th and 9th are not working days.
    expect(jobStarts(RULES, FULL_DAY, '2030-01-04', '2030-01-10', 2, { ...ctx, booked }).map((s) => s.date)).toEqual(['2030-01-04', '2030-01-10']);
  });

  it('prices a quoted job as labour, with materials if taken, less the visit fee', () => {
    const q = { labourPaise: 3 * 250_000, materialsPaise: 120_000, visitCreditPaise: 50_000 };
    expect(quotedJobPaise(q, false)).toBe(700_000);
    expect(quotedJobPaise(q, true)).toBe(820_000);
  });
});
