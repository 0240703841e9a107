import { describe, expect, it } from 'vitest';
import {
  CALENDAR_MSG, ZCalendarRules, bookableDays, indiaMinute, refusal, slotLabel, slotMinutes, travelMinutesForKm, type BookedJob, type CalendarRules,
} from '../src/calendar.ts';

/** Slot arithmetic of a professional's calendar (issue 34; decision record 037), on India's wall clock. */

const nine2six = { open: '09:00', close: '18:00' };
/** Monday to Saturday 9 to 6, Sunday off; one team, two-hour jobs, no buffer, no travel, 30 days ahead. */
const rules = (over: Partial<CalendarRules> = {}): CalendarRules => ZCalendarRules.parse({
  weekly: [null, nine2six, nine2six, nine2six, nine2six, nine2six, nine2six],
  exceptions: [], capacity: 1, jobMinutes: 120, bufferMinutes: 0, travel: false, horizonDays: 30, ...over,
});
// 2026-12-01 is a Tuesday; "now" is the evening before, in India.
const now = new Date('2026-11-30T12:00:00Z');
const noTravel = () => 0;
const ctx = (booked: BookedJob[] = [], extra: Partial<Parameters<typeof refusal>[3]> = {}) => ({ now, booked, travel: noTravel, pincode: null, ...extra });
const timesOn = (r: CalendarRules | null, date: string, c = ctx()) => bookableDays(r, date, date, c)[0]!.times;
const job = (date: string, time: string, minutes: number, pincode: string | null = null): BookedJob => ({ start: indiaMinute(date, slotMinutes(time)!), minutes, pincode });

describe('start times from weekly hours and leave', () => {
  it('offers every hour from opening while a whole job fits before closing', () => {
    expect(timesOn(rules(), '2026-12-01')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
  });

  it('offers nothing on a weekly day off or on leave, and a one-off day’s own hours', () => {
    expect(timesOn(rules(), '2026-12-06')).toEqual([]); // a Sunday
    const r = rules({ exceptions: [{ date: '2026-12-02', hours: null }, { date: '2026-12-06', hours: { open: '14:00', close: '17:30' } }] });
    expect(timesOn(r, '2026-12-02')).toEqual([]);
    expect(timesOn(r, '2026-12-06')).toEqual(['2:00 PM', '3:00 PM']);
  });

  it('without a calendar keeps the spec’s six slots every day, 90 days ahead and no further', () => {
    expect(timesOn(null, '2026-12-06')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM']);
    expect(timesOn(null, '2027-02-28')).toHaveLength(6); // 90 days after 30 Nov
    expect(timesOn(null, '2027-03-01')).toEqual([]);
    expect(refusal(null, '2027-03-01', '9:00 AM', ctx())).toBe(CALENDAR_MSG.tooFar(90));
    expect(refusal(null, '2026-12-01', '12:00 PM', ctx())).toBe(CALENDAR_MSG.notWorking);
  });

  it('refuses hours where a job cannot fit, and the same date twice', () => {
    expect(ZCalendarRules.safeParse({ ...rules(), exceptions: [{ date: '2026-12-02', hours: { open: '09:00', close: '10:00' } }] }).success).toBe(false);
    expect(ZCalendarRules.safeParse({ ...rules(), exceptions: [{ date: '2026-12-02', hours: null }, { date: '2026-12-02', hours: nine2six }] }).success).toBe(false);
    expect(ZCalendarRules.safeParse({ ...rules(), weekly: [null, { open: '18:00', close: '09:00' }, null, null, null, null, null] }).success).toBe(false);
  });
});

describe('capacity, buffer and travel', () => {
  it('blocks the hours a job covers for a one-team professional, and frees back-to-back starts', () => {
    const booked = [job('2026-12-01', '11:00 AM', 120)];
    expect(timesOn(rules(), '2026-12-01', ctx(booked))).toEqual(['9:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
  });

  it('lets a team of two take two jobs at once, not three', () => {
    const booked = [job('2026-12-01', '11:00 AM', 120), job('2026-12-01', '12:00 PM', 120)];
    // 11 AM and noon would make three jobs at once from noon to 1 PM; 10 AM and 1 PM overlap only one of them.
    expect(timesOn(rules({ capacity: 2 }), '2026-12-01', ctx(booked))).toEqual(['9:00 AM', '10:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(timesOn(rules({ capacity: 3 }), '2026-12-01', ctx(booked))).toHaveLength(8);
  });

  it('keeps the buffer free on both sides of a job', () => {
    const booked = [job('2026-12-01', '12:00 PM', 120)];
    // 12-2 PM plus an hour each side: 10 AM would end at 12, within the buffer; 3 PM starts inside it.
    expect(timesOn(rules({ bufferMinutes: 60 }), '2026-12-01', ctx(booked))).toEqual(['9:00 AM', '3:00 PM', '4:00 PM']);
  });

  it('adds travel time between the two sites’ PIN codes, only when travel is on', () => {
    const booked = [job('2026-12-01', '12:00 PM', 120, '500001')];
    const travel = (a: string | null, b: string | null) => (a && b && a !== b ? 90 : 0);
    const far = ctx(booked, { travel, pincode: '500081' });
    // 12-2 PM widened by 90 minutes of travel each side: 10:30 AM to 3:30 PM is taken.
    expect(timesOn(rules({ travel: true }), '2026-12-01', far)).toEqual(['4:00 PM']);
    expect(timesOn(rules({ travel: true }), '2026-12-01', ctx(booked, { travel, pincode: '500001' }))).toEqual(['9:00 AM', '10:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(timesOn(rules({ travel: false }), '2026-12-01', far)).toEqual(['9:00 AM', '10:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']);
  });

  it('counts 25 km/h road speed, rounded up to quarter hours', () => {
    expect(travelMinutesForKm(0)).toBe(0);
    expect(travelMinutesForKm(5)).toBe(15); // 12 minutes
    expect(travelMinutesForKm(12.5)).toBe(30);
    expect(travelMinutesForKm(13)).toBe(45); // 31.2 minutes
  });
});

describe('India’s wall clock across midnight', () => {
  const lateNights = rules({ weekly: Array(7).fill({ open: '20:00', close: '24:00' }), jobMinutes: 120, bufferMinutes: 60, horizonDays: 5 });

  it('carries a late job’s buffer past midnight into the next day', () => {
    const booked = [job('2026-12-01', '10:00 PM', 120)];
    const r = { ...lateNights, exceptions: [{ date: '2026-12-02', hours: { open: '00:00', close: '06:00' } }] };
    // The job ends at midnight; its hour of buffer keeps 00:00 free on the 2nd, so the first start is 1 AM.
    expect(timesOn(r, '2026-12-02', ctx(booked))[0]).toBe('1:00 AM');
    expect(slotLabel(0)).toBe('12:00 AM');
  });

  it('decides "past" and "today" in India, not in UTC', () => {
    // 18:45 UTC on 30 Nov is 00:15 on 1 Dec in India: the whole of 30 Nov is past there, and 1 Dec is today.
    const lateUtc = new Date('2026-11-30T18:45:00Z');
    expect(refusal(lateNights, '2026-11-30', '10:00 PM', ctx([], { now: lateUtc }))).toBe(CALENDAR_MSG.past);
    expect(refusal(lateNights, '2026-12-01', '8:00 PM', ctx([], { now: lateUtc }))).toBeNull();
    expect(refusal(lateNights, '2026-12-06', '8:00 PM', ctx([], { now: lateUtc }))).toBeNull(); // 5 days after 1 Dec
    expect(refusal(lateNights, '2026-12-07', '8:00 PM', ctx([], { now: lateUtc }))).toBe(CALENDAR_MSG.tooFar(5));
  });
});
