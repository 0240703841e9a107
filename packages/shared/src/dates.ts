/** Dates as India's calendar has them: bookings, "today" and "this month" are decided in Asia/Kolkata. */
const INDIA = 'Asia/Kolkata';

const isoInIndia = new Intl.DateTimeFormat('en-CA', { timeZone: INDIA, year: 'numeric', month: '2-digit', day: '2-digit' });
// In Indian time wherever it runs: a server-rendered date reads as the browser hydrates it (docs/decisions/023).
const shortDates = new Map<string, Intl.DateTimeFormat>();
const shortDate = (locale: string) => {
  let format = shortDates.get(locale);
  if (!format) shortDates.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA })));
  return format;
};

/** Today's date in India as YYYY-MM-DD (what a date input and the booking calls take). */
export function todayInIndia(now: Date = new Date()): string {
  return isoInIndia.format(now);
}

/** A YYYY-MM-DD date moved by whole days, calendar-exact (no time zone or daylight saving involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 5 Mar 2026: a timestamp or date as people read it; `locale` (i18n's dateLocale) for the month in another language. */
export function formatDate(iso: string, locale = 'en-IN'): string {
  return shortDate(locale).format(new Date(iso));
}
