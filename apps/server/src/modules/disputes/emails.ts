import { DISPUTE_REASON_LABELS, type DisputeReason } from '@nirmaan/shared/disputes';
import { formatPaise } from '@nirmaan/shared/money';
import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>— Team Nirmaan</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[]): Email => ({
  to, subject, text: [...paragraphs, '', '— Team Nirmaan'].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
});

/** Who the mails are about: the customer and the vendor, and what the dispute concerns. */
export interface DisputeParties {
  customer: { email: string; name: string };
  vendor: { email: string; name: string };
  subject: string;
  reason: DisputeReason;
}

export const disputeOpenedEmails = (p: DisputeParties, text: string) => [
  mail(p.customer.email, `We received your report: ${p.subject}`, [
    `Namaste ${p.customer.name},`, `We received your report about ${p.subject} (${DISPUTE_REASON_LABELS[p.reason]}).`,
    `${p.vendor.name} is asked to answer, and our support team will decide. You can follow it under My orders.`,
  ]),
  mail(p.vendor.email, `A customer reported a problem: ${p.subject}`, [
    `Namaste ${p.vendor.name},`, `${p.customer.name} reported a problem with ${p.subject}: ${DISPUTE_REASON_LABELS[p.reason]}.`,
    `Their words: "${text}"`, 'Please answer it under Disputes in your vendor portal; our support team reads both sides before deciding.',
  ]),
];

export const disputeAnsweredEmails = (p: DisputeParties, answer: string) => [
  mail(p.customer.email, `${p.vendor.name} answered your report`, [
    `Namaste ${p.customer.name},`, `${p.vendor.name} answered your report about ${p.subject}: "${answer}"`,
    'Our support team will now decide; we will mail you.',
  ]),
  mail(p.vendor.email, `Your answer is recorded: ${p.subject}`, [
    `Namaste ${p.vendor.name},`, `Your answer to ${p.customer.name}'s report about ${p.subject} is recorded. Our support team will decide and mail you both.`,
  ]),
];

export function disputeResolvedEmails(p: DisputeParties, outcome: { refundedPaise: number; reason: string }) {
  const refunded = outcome.refundedPaise > 0;
  const said = refunded ? `${formatPaise(outcome.refundedPaise)} is refunded to the customer` : 'the report is closed without a refund';
  return [
    mail(p.customer.email, refunded ? `Your refund of ${formatPaise(outcome.refundedPaise)} is on its way` : `Your report is closed: ${p.subject}`, [
      `Namaste ${p.customer.name},`, `We decided your report about ${p.subject}: ${said}. Reason: ${outcome.reason}`,
      ...(refunded ? ['The refund goes back to the way you paid; banks take 5–7 working days.'] : []),
    ]),
    mail(p.vendor.email, `A report about ${p.subject} is decided`, [
      `Namaste ${p.vendor.name},`, `We decided ${p.customer.name}'s report about ${p.subject}: ${said}. Reason: ${outcome.reason}`,
    ]),
  ];
}
