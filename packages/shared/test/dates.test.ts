import { describe, expect, it } from 'vitest';
import { addDays, formatDate, todayInIndia } from '../src/dates.ts';

describe('todayInIndia', () => {
  it('is India’s date, which runs 5½ hours ahead of UTC', () => {
    expect(todayInIndia(new Date('2026-03-04T18:29:59Z'))).toBe('2026-03-04');
    expect(todayInIndia(new Date('2026-03-04T18:30:00Z'))).toBe('2026-03-05');
  });
  it('turns the year at India’s midnight', () => {
    expect(todayInIndia(new Date('2025-12-31T18:30:00Z'))).toBe('2026-01-01');
  });
  it('is the current date when no time is given', () => {
    expect(todayInIndia()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('addDays', () => {
  it('moves across month ends, leap days and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-25', 30)).toBe('2027-01-24');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('refuses a date it cannot read', () => {
    expect(() => addDays('04/03/2026', 1)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('writes day, short month and year', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5 Mar 2026');
  });
});
