import { z } from 'zod';

/**
 * The one schema for a calendar date (YYYY-MM-DD) and one for a month (YYYY-MM), wherever a call takes either.
 * A real day of the calendar (no 30 February) in a sane range of years: the database and JavaScript dates both
 * break on year 0 or 10000, and no order, booking or tax month of this marketplace lies outside 2000–2100.
 */
export const DATE_YEAR_MIN = 2000;
export const DATE_YEAR_MAX = 2100;
const RANGE = `between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A month in India, YYYY-MM. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const inRange = (year: number) => year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;

/** Whether `value` is a real YYYY-MM-DD day within the years allowed. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!inRange(y) || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

export function isCalendarMonth(value: string): boolean {
  const m = MONTH_PATTERN.exec(value);
  return m !== null && inRange(Number(m[1]));
}

/** What a value after the last allowed year is told instead of the range, where a call has its own rule for it. */
interface DateOptions { tooLateMessage?: string }

function calendarCheck(kind: 'date' | 'month', formatMessage: string, options: DateOptions = {}) {
  const pattern = kind === 'date' ? DATE_PATTERN : MONTH_PATTERN;
  const real = kind === 'date' ? isCalendarDate : isCalendarMonth;
  // One message per value, the first that applies: the format, then the calendar and the range.
  return (value: string, ctx: z.RefinementCtx) => {
    if (!pattern.exec(value)) ctx.addIssue({ code: 'custom', message: formatMessage });
    else if (options.tooLateMessage && Number(value.slice(0, 4)) > DATE_YEAR_MAX) ctx.addIssue({ code: 'custom', message: options.tooLateMessage });
    else if (!inRange(Number(value.slice(0, 4)))) ctx.addIssue({ code: 'custom', message: `${kind === 'date' ? 'The date' : 'The month'} must be ${RANGE}.` });
    else if (!real(value)) ctx.addIssue({ code: 'custom', message: `${value} is not a day of the calendar.` });
  };
}

/** A date field, YYYY-MM-DD; `formatMessage` is what a wrong format is told. Shown in OpenAPI as format `date`. */
export const zIsoDate = (formatMessage = 'The date must be YYYY-MM-DD (e.g. 2026-11-27).', options: DateOptions = {}) =>
  z.string().superRefine(calendarCheck('date', formatMessage, options)).meta({ format: 'date' });

/** A month field, YYYY-MM; shown in OpenAPI as format `month` (not a standard format; the fuzzer reads it). */
export const zIsoMonth = (formatMessage = 'The month must be YYYY-MM (e.g. 2026-11).') =>
  z.string().superRefine(calendarCheck('month', formatMessage)).meta({ format: 'month' });
