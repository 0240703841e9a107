import type { ZBookingBody } from '@nirmaan/shared';
import type { CalendarRules } from '@nirmaan/shared/calendar';
import { addDays } from '@nirmaan/shared/dates';
import { JOB_MSG, jobSpan, windowLabel, windowOf, type DayWindow } from '@nirmaan/shared/jobs';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as calendar from '../modules/calendar/service.ts';

type BookingBody = z.output<typeof ZBookingBody>;

/**
 * Multi-day jobs and site visits (decision record 042), inside a booking's transaction after the professional's
 * calendar row is locked: what the booking holds and what it costs.
 */

/**
 * The days of a job of `n` working days from `first` in the daily window `w`, checked against the professional's
 * live jobs around the whole span (each day within the capacity, or 409 and nothing held); `except`, a job being moved.
 */
export async function holdJobDays(tx: Tx, vendorId: string, rules: CalendarRules | null, w: DayWindow, first: string, n: number, pincode: string | null, except?: string): Promise<string[]> {
  const span = jobSpan(rules, w, first, n) ?? [first];
  const jobs = await bookings.liveJobs(tx, vendorId, addDays(span[0]!, -calendar.REACH_DAYS), addDays(span[span.length - 1]!, calendar.REACH_DAYS), except);
  return calendar.assertJobBookable(rules, w, first, n, jobs, pincode);
}

/**
 * A booking's time, checked under the calendar lock, and its price: one slot at the professional's base price, a
 * site visit (one slot) at their visit fee, or `days` working days in their daily window at their price per day.
 */
export async function holdBookingTime(tx: Tx, pro: { id: string; basePricePaise: number }, rules: CalendarRules | null, body: BookingBody) {
  const pincode = body.address.zip || null;
  const oneSlot = async () => {
    const jobs = await bookings.liveJobs(tx, pro.id, addDays(body.serviceDate, -calendar.REACH_DAYS), addDays(body.serviceDate, calendar.REACH_DAYS));
    calendar.assertBookable(rules, body.serviceDate, body.serviceTime, jobs, pincode);
  };
  if (body.days === undefined && !body.siteVisit) {
    await oneSlot();
    return { priced: bookings.priceBooking(pro.basePricePaise), jobMinutes: calendar.jobMinutesOf(rules) };
  }
  if (body.days !== undefined && body.siteVisit) throw new AppError('BAD_REQUEST', JOB_MSG.notBoth);
  const offers = await calendar.jobOffers(tx, pro.id);
  if (body.siteVisit) {
    if (offers.siteVisitFeePaise === null) throw new AppError('BAD_REQUEST', JOB_MSG.noVisits);
    await oneSlot();
    return { priced: bookings.priceBooking(offers.siteVisitFeePaise), jobMinutes: calendar.jobMinutesOf(rules), job: { kind: 'visit' } as const };
  }
  const offer = offers.multiDay;
  const n = body.days!;
  if (!offer) throw new AppError('BAD_REQUEST', JOB_MSG.noJobs);
  if (n > offer.maxDays) throw new AppError('BAD_REQUEST', JOB_MSG.tooManyDays(offer.maxDays));
  const w = windowOf(offer);
  if (body.serviceTime !== windowLabel(w)) throw new AppError('BAD_REQUEST', JOB_MSG.startTime(windowLabel(w)));
  const days = await holdJobDays(tx, pro.id, rules, w, body.serviceDate, n, pincode);
  return { priced: bookings.priceBooking(offer.pricePerDayPaise * n), jobMinutes: w.end - w.start, job: { kind: 'job', days } as const };
}
