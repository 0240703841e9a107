import { formatPaise } from '@nirmaan/shared';
import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { formatDate, mailLocale, t } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

/**
 * The booking mails, in the recipient account's language (issue 33; `lang` null or absent is English, exactly as
 * before). `mail`'s locale is optional so a mail written without one stays English.
 */
const page = (body: string, l: Locale = 'en') => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>${escapeHtml(t(l, '— Team Nirmaan'))}</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[], l: Locale = 'en'): Email => ({
  to, subject, text: [...paragraphs, '', t(l, '— Team Nirmaan')].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''), l),
});

interface About { name: string; vendor: string; date: string; time: string; totalPaise: number; address: string; lang?: Locale | null }

/** The mail's language and the booking's day in it: English keeps the date as before, the others its words (Latin digits). */
const inLanguage = (b: About) => {
  const l = mailLocale(b.lang);
  return { l, date: l === 'en' ? b.date : formatDate(l, b.date) };
};

export const bookingMadeEmail = (to: string, b: About & { startCode?: string | null | undefined }) => {
  const { l, date } = inLanguage(b);
  return mail(to, t(l, 'Booking requested: {vendor} on {date}', { vendor: b.vendor, date }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, 'Your booking with {vendor} on {date} at {time} is requested. Total {total}.', { vendor: b.vendor, date, time: b.time, total: formatPaise(b.totalPaise) }),
    t(l, 'Address: {address}', { address: b.address }), t(l, 'The professional will confirm it; you can follow or cancel it under My orders → Service Orders.'),
    // The start code (decision record 043): the customer gives it at the door; in the body only, never the subject.
    ...(b.startCode ? [t(l, 'Your start code is {code}. Give it to the professional when they arrive, not before; it is also under My orders.', { code: b.startCode })] : []),
  ], l);
};

export const bookingCancelledEmail = (to: string, b: About) => {
  const { l, date } = inLanguage(b);
  return mail(to, t(l, 'Booking cancelled: {vendor} on {date}', { vendor: b.vendor, date }), [
    t(l, 'Namaste {name},', { name: b.name }), t(l, 'Your booking with {vendor} on {date} at {time} is cancelled.', { vendor: b.vendor, date, time: b.time }),
  ], l);
};

/** An online booking not paid within 30 minutes: cancelled by the expiry sweep, its slot free again. */
export const bookingExpiredEmail = (to: string, b: About) => {
  const { l, date } = inLanguage(b);
  return mail(to, t(l, 'Booking cancelled, not paid: {vendor} on {date}', { vendor: b.vendor, date }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, 'Your booking with {vendor} on {date} at {time} is cancelled: it was not paid within 30 minutes, so the slot is free again.', { vendor: b.vendor, date, time: b.time }),
    t(l, 'Nothing was charged. If a payment still goes through, it is refunded in full. You can book again from the professional\'s page.'),
  ], l);
};

export const newBookingForVendorEmail = (to: string, b: About & { owner: string }) => {
  const { l, date } = inLanguage(b);
  return mail(to, t(l, 'New booking on {date} at {time}', { date, time: b.time }), [
    t(l, 'Namaste {name},', { name: b.owner }), t(l, '{customer} has booked {vendor} on {date} at {time}.', { customer: b.name, vendor: b.vendor, date, time: b.time }),
    t(l, 'Address: {address}', { address: b.address }), t(l, 'Please confirm or decline it from your Nirmaan vendor account.'),
  ], l);
};

const SAID = {
  Confirmed: 'Your booking with {vendor} on {date} at {time} is confirmed.',
  Declined: 'Your booking with {vendor} on {date} at {time} was declined by the professional; the slot is free again.',
  Completed: 'Your booking with {vendor} on {date} at {time} is complete. Thank you for booking with Nirmaan.',
} as const;
const SUBJECT = {
  Confirmed: 'Booking confirmed: {vendor} on {date}', Declined: 'Booking declined: {vendor} on {date}', Completed: 'Booking completed: {vendor} on {date}',
} as const;
export const bookingStatusEmail = (to: string, b: About & { status: keyof typeof SAID }) => {
  const { l, date } = inLanguage(b);
  return mail(to, t(l, SUBJECT[b.status], { vendor: b.vendor, date }), [
    t(l, 'Namaste {name},', { name: b.name }), t(l, SAID[b.status], { vendor: b.vendor, date, time: b.time }), t(l, 'You can follow it under My orders → Service Orders.'),
  ], l);
};

// Rescheduling (decision record 041), each side in its own account's language

type Slot = { date: string; time: string };
/** A slot's day as the mails write it: English the ISO date, the others the language's words. */
const dayIn = (l: Locale, date: string) => (l === 'en' ? date : formatDate(l, date));

/** A booking moved (a customer's reschedule, or a proposal accepted): to both sides. */
export const bookingMovedEmail = (to: string, b: { name: string; customer: string; vendor: string; from: Slot; to: Slot; by: 'customer' | 'professional'; fee: string | null; scope?: 'slot' | 'job' | 'day'; days?: string[] | null; lang?: Locale | null }) => {
  const l = mailLocale(b.lang);
  const slots = { fromDate: dayIn(l, b.from.date), fromTime: b.from.time, toDate: dayIn(l, b.to.date), toTime: b.to.time };
  const proposed = b.by === 'professional';
  const moved = b.scope === 'day'
    ? (proposed
      ? 'One day of the job of {customer} with {vendor} has moved from {fromDate} at {fromTime} to {toDate} at {toTime}, as the professional proposed.'
      : 'One day of the job of {customer} with {vendor} has moved from {fromDate} at {fromTime} to {toDate} at {toTime}.')
    : b.scope === 'job'
      ? (proposed
        ? 'The job of {customer} with {vendor} has moved from {fromDate} at {fromTime} to {toDate} at {toTime}, the new time the professional proposed.'
        : 'The job of {customer} with {vendor} has moved from {fromDate} at {fromTime} to {toDate} at {toTime}.')
      : (proposed
        ? 'The booking of {customer} with {vendor} has moved from {fromDate} at {fromTime} to {toDate} at {toTime}, the new time the professional proposed.'
        : 'The booking of {customer} with {vendor} has moved from {fromDate} at {fromTime} to {toDate} at {toTime}.');
  const subject = b.scope === 'day'
    ? t(l, 'Job day moved: {vendor} on {toDate} instead of {fromDate}', { vendor: b.vendor, toDate: slots.toDate, fromDate: slots.fromDate })
    : t(l, 'Booking moved: {vendor} now on {date} at {time}', { vendor: b.vendor, date: slots.toDate, time: b.to.time });
  return mail(to, subject, [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, moved, { customer: b.customer, vendor: b.vendor, ...slots }),
    ...(b.days ? [t(l, "The job's days are now: {days}, each from {time}.", { days: b.days.map((d) => dayIn(l, d)).join(', '), time: b.to.time })] : []),
    ...(b.fee ? [t(l, 'A rescheduling fee of {fee} was paid.', { fee: b.fee })] : []),
    t(l, 'You can see every change of this booking under My orders → Service Orders.'),
  ], l);
};

/**
 * The professional proposes a new time: the customer accepts it or picks another slot before `until`, or the booking
 * is cancelled and refunded; a day of a job already started stays as booked instead (`started`: decision record 049).
 */
export const timeProposedEmail = (to: string, b: { name: string; vendor: string; from: Slot; to: Slot; until: Date; started?: boolean; lang?: Locale | null }) => {
  const l = mailLocale(b.lang);
  const slots = { fromDate: dayIn(l, b.from.date), fromTime: b.from.time, toDate: dayIn(l, b.to.date), toTime: b.to.time };
  const until = l === 'en'
    ? b.until.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })
    : formatDate(l, b.until, { dateStyle: 'medium', timeStyle: 'short' });
  return mail(to, t(l, '{vendor} proposes a new time: {date} at {time}', { vendor: b.vendor, date: slots.toDate, time: b.to.time }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, '{vendor} cannot come on {fromDate} at {fromTime} and proposes {toDate} at {toTime} instead.', { vendor: b.vendor, ...slots }),
    b.started
      ? t(l, 'Please accept it or choose another date under My orders → Service Orders before {until} (India time). Without an answer, that day of the job stays as booked.', { until })
      : t(l, 'Please accept it or choose another time under My orders → Service Orders before {until} (India time). Without an answer, the booking is cancelled and refunded in full.', { until }),
  ], l);
};

/** A proposal for one day of a job already started was not answered in time: that day stays as booked (decision 049). */
export const dayProposalLapsedEmail = (to: string, b: { name: string; vendor: string; date: string; time: string; lang?: Locale | null }) => {
  const l = mailLocale(b.lang);
  return mail(to, t(l, 'No answer to the new date: the job with {vendor} keeps its day', { vendor: b.vendor }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, 'The new date proposed for the day of the job with {vendor} on {date} was not answered in time, so that day stays as booked, from {time}.', { vendor: b.vendor, date: dayIn(l, b.date), time: b.time }),
    t(l, 'You can see every change of this booking under My orders → Service Orders.'),
  ], l);
};

/** A proposal was not answered in time: the booking is cancelled, refunded in full when it was paid. */
export const proposalLapsedEmail = (to: string, b: { name: string; vendor: string; date: string; time: string; refund: string | null; lang?: Locale | null }) => {
  const l = mailLocale(b.lang);
  return mail(to, t(l, 'Booking cancelled: no answer to the new time ({vendor})', { vendor: b.vendor }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, 'The new time proposed for the booking with {vendor} on {date} at {time} was not answered in time, so the booking is cancelled.', { vendor: b.vendor, date: dayIn(l, b.date), time: b.time }),
    b.refund ? t(l, '{refund} is refunded in full to the way it was paid; banks take 5–7 working days.', { refund: b.refund }) : t(l, 'Nothing was charged.'),
  ], l);
};
