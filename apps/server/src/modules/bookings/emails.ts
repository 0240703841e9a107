import { formatPaise } from '@nirmaan/shared';
import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>— Team Nirmaan</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[]): Email => ({
  to, subject, text: [...paragraphs, '', '— Team Nirmaan'].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
});

interface About { name: string; vendor: string; date: string; time: string; totalPaise: number; address: string }

export const bookingMadeEmail = (to: string, b: About & { startCode?: string | null | undefined }) => mail(to, `Booking requested: ${b.vendor} on ${b.date}`, [
  `Namaste ${b.name},`, `Your booking with ${b.vendor} on ${b.date} at ${b.time} is requested. Total ${formatPaise(b.totalPaise)}.`,
  `Address: ${b.address}`, 'The professional will confirm it; you can follow or cancel it under My orders → Service Orders.',
  // The start code (decision record 043): the customer gives it at the door; in the body only, never the subject.
  ...(b.startCode ? [`Your start code is ${b.startCode}. Give it to the professional when they arrive, not before; it is also under My orders.`] : []),
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
