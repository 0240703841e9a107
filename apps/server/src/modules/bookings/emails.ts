import { formatPaise } from '@nirmaan/shared';
import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>— Team Nirmaan</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[]): Email => ({
  to, subject, text: [...paragraphs, '', '— Team Nirmaan'].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
});

interface About { name: string; vendor: string; date: string; time: string; totalPaise: number; address: string }

export const bookingMadeEmail = (to: string, b: About) => mail(to, `Booking requested: ${b.vendor} on ${b.date}`, [
  `Namaste ${b.name},`, `Your booking with ${b.vendor} on ${b.date} at ${b.time} is requested. Total ${formatPaise(b.totalPaise)}.`,
  `Address: ${b.address}`, 'The professional will confirm it; you can follow or cancel it under My orders → Service Orders.',
]);

export const bookingCancelledEmail = (to: string, b: About) => mail(to, `Booking cancelled: ${b.vendor} on ${b.date}`, [
  `Namaste ${b.name},`, `Your booking with ${b.vendor} on ${b.date} at ${b.time} is cancelled.`,
]);

/** An online booking not paid within 30 minutes: cancelled by the expiry sweep, its slot free again. */
export const bookingExpiredEmail = (to: string, b: About) => mail(to, `Booking cancelled, not paid: ${b.vendor} on ${b.date}`, [
  `Namaste ${b.name},`, `Your booking with ${b.vendor} on ${b.date} at ${b.time} is cancelled: it was not paid within 30 minutes, so the slot is free again.`,
  'Nothing was charged. If a payment still goes through, it is refunded in full. You can book again from the professional\'s page.',
]);

export const newBookingForVendorEmail = (to: string, b: About & { owner: string }) => mail(to, `New booking on ${b.date} at ${b.time}`, [
  `Namaste ${b.owner},`, `${b.name} has booked ${b.vendor} on ${b.date} at ${b.time}.`, `Address: ${b.address}`,
  'Please confirm or decline it from your Nirmaan vendor account.',
]);

const SAID = { Confirmed: 'is confirmed', Declined: 'was declined by the professional; the slot is free again', Completed: 'is complete. Thank you for booking with Nirmaan' } as const;
export const bookingStatusEmail = (to: string, b: About & { status: keyof typeof SAID }) => mail(to, `Booking ${b.status.toLowerCase()}: ${b.vendor} on ${b.date}`, [
  `Namaste ${b.name},`, `Your booking with ${b.vendor} on ${b.date} at ${b.time} ${SAID[b.status]}.`, 'You can follow it under My orders → Service Orders.',
]);

// Rescheduling (decision record 041)

type Slot = { date: string; time: string };
const at = (s: Slot) => `${s.date} at ${s.time}`;

/** A booking moved (a customer's reschedule, or a proposal accepted): to both sides. */
export const bookingMovedEmail = (to: string, b: { name: string; customer: string; vendor: string; from: Slot; to: Slot; by: 'customer' | 'professional'; fee: string | null }) =>
  mail(to, `Booking moved: ${b.vendor} now on ${at(b.to)}`, [
    `Namaste ${b.name},`,
    `The booking of ${b.customer} with ${b.vendor} has moved from ${at(b.from)} to ${at(b.to)}${b.by === 'professional' ? ', the new time the professional proposed' : ''}.`,
    ...(b.fee ? [`A rescheduling fee of ${b.fee} was paid.`] : []),
    'You can see every change of this booking under My orders → Service Orders.',
  ]);

/** The professional proposes a new time: the customer accepts it or picks another slot before `until`, or the booking is cancelled and refunded. */
export const timeProposedEmail = (to: string, b: { name: string; vendor: string; from: Slot; to: Slot; until: Date }) =>
  mail(to, `${b.vendor} proposes a new time: ${at(b.to)}`, [
    `Namaste ${b.name},`,
    `${b.vendor} cannot come on ${at(b.from)} and proposes ${at(b.to)} instead.`,
    `Please accept it or choose another time under My orders → Service Orders before ${b.until.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} (India time). Without an answer, the booking is cancelled and refunded in full.`,
  ]);

/** A proposal was not answered in time: the booking is cancelled, refunded in full when it was paid. */
export const proposalLapsedEmail = (to: string, b: { name: string; vendor: string; date: string; time: string; refund: string | null }) =>
  mail(to, `Booking cancelled: no answer to the new time (${b.vendor})`, [
    `Namaste ${b.name},`,
    `The new time proposed for the booking with ${b.vendor} on ${b.date} at ${b.time} was not answered in time, so the booking is cancelled.`,
    b.refund ? `${b.refund} is refunded in full to the way it was paid; banks take 5–7 working days.` : 'Nothing was charged.',
  ]);
