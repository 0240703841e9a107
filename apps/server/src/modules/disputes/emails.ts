import type { DisputeReason } from '@nirmaan/shared/disputes';
import type { Locale } from '@nirmaan/shared/i18n';
import { formatPaise } from '@nirmaan/shared/money';
import { escapeHtml } from '../../lib/html.ts';
import { formatDate, mailLocale, t } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

/**
 * The dispute mails, each in its recipient account's language (issue 33; none set: English, exactly as before). What
 * people wrote (the report, the answer, support's reason) is quoted as written.
 */
const page = (body: string, l: Locale) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>${escapeHtml(t(l, '— Team Nirmaan'))}</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[], l: Locale): Email => ({
  to, subject, text: [...paragraphs, '', t(l, '— Team Nirmaan')].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''), l),
});

/** Who the mails are about: the customer and the vendor, and what the dispute concerns. */
export interface DisputeParties {
  customer: { email: string; name: string; language?: Locale | null };
  vendor: { email: string; name: string; language?: Locale | null };
  /** The product's name, or (in English) the booking: `your booking with … on …`. */
  subject: string;
  /** For a booking, its professional and day, so each mail names it in its own language. */
  booking?: { vendor: string; date: string };
  reason: DisputeReason;
}

/** The reasons' words (packages/shared/src/disputes.ts's DISPUTE_REASON_LABELS), as catalogue ids. */
const REASONS: Record<DisputeReason, string> = {
  not_delivered: 'Not delivered', damaged: 'Damaged', wrong_item: 'Wrong item', professional_no_show: 'Professional did not come', poor_work: 'Poor work',
};

/** One recipient's language, and the dispute's subject and reason in it. */
function wordsFor(p: DisputeParties, language: Locale | null | undefined) {
  const l = mailLocale(language);
  const subject = p.booking && l !== 'en'
    ? t(l, 'your booking with {vendor} on {date}', { vendor: p.booking.vendor, date: formatDate(l, p.booking.date) }) : p.subject;
  return { l, subject, reason: t(l, REASONS[p.reason]) };
}

export const disputeOpenedEmails = (p: DisputeParties, text: string) => {
  const c = wordsFor(p, p.customer.language);
  const v = wordsFor(p, p.vendor.language);
  return [
    mail(p.customer.email, t(c.l, 'We received your report: {subject}', { subject: c.subject }), [
      t(c.l, 'Namaste {name},', { name: p.customer.name }), t(c.l, 'We received your report about {subject} ({reason}).', { subject: c.subject, reason: c.reason }),
      t(c.l, '{vendor} is asked to answer, and our support team will decide. You can follow it under My orders.', { vendor: p.vendor.name }),
    ], c.l),
    mail(p.vendor.email, t(v.l, 'A customer reported a problem: {subject}', { subject: v.subject }), [
      t(v.l, 'Namaste {name},', { name: p.vendor.name }), t(v.l, '{customer} reported a problem with {subject}: {reason}.', { customer: p.customer.name, subject: v.subject, reason: v.reason }),
      t(v.l, 'Their words: "{text}"', { text }), t(v.l, 'Please answer it under Disputes in your vendor portal; our support team reads both sides before deciding.'),
    ], v.l),
  ];
};

export const disputeAnsweredEmails = (p: DisputeParties, answer: string) => {
  const c = wordsFor(p, p.customer.language);
  const v = wordsFor(p, p.vendor.language);
  return [
    mail(p.customer.email, t(c.l, '{vendor} answered your report', { vendor: p.vendor.name }), [
      t(c.l, 'Namaste {name},', { name: p.customer.name }), t(c.l, '{vendor} answered your report about {subject}: "{answer}"', { vendor: p.vendor.name, subject: c.subject, answer }),
      t(c.l, 'Our support team will now decide; we will mail you.'),
    ], c.l),
    mail(p.vendor.email, t(v.l, 'Your answer is recorded: {subject}', { subject: v.subject }), [
      t(v.l, 'Namaste {name},', { name: p.vendor.name }),
      t(v.l, 'Your answer to {customer}\'s report about {subject} is recorded. Our support team will decide and mail you both.', { customer: p.customer.name, subject: v.subject }),
    ], v.l),
  ];
};

export function disputeResolvedEmails(p: DisputeParties, outcome: { refundedPaise: number; reason: string }) {
  const refunded = outcome.refundedPaise > 0;
  const amount = formatPaise(outcome.refundedPaise);
  const c = wordsFor(p, p.customer.language);
  const v = wordsFor(p, p.vendor.language);
  const said = (l: Locale) => (refunded ? t(l, '{amount} is refunded to the customer', { amount }) : t(l, 'the report is closed without a refund'));
  return [
    mail(p.customer.email, refunded ? t(c.l, 'Your refund of {amount} is on its way', { amount }) : t(c.l, 'Your report is closed: {subject}', { subject: c.subject }), [
      t(c.l, 'Namaste {name},', { name: p.customer.name }),
      t(c.l, 'We decided your report about {subject}: {said}. Reason: {reason}', { subject: c.subject, said: said(c.l), reason: outcome.reason }),
      ...(refunded ? [t(c.l, 'The refund goes back to the way you paid; banks take 5–7 working days.')] : []),
    ], c.l),
    mail(p.vendor.email, t(v.l, 'A report about {subject} is decided', { subject: v.subject }), [
      t(v.l, 'Namaste {name},', { name: p.vendor.name }),
      t(v.l, 'We decided {customer}\'s report about {subject}: {said}. Reason: {reason}', { customer: p.customer.name, subject: v.subject, said: said(v.l), reason: outcome.reason }),
    ], v.l),
  ];
}
