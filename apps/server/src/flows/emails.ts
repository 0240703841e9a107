import { formatPaise } from '@nirmaan/shared/money';
import { escapeHtml } from '../lib/html.ts';
import type { Email } from '../email/outbox.ts';

export type UnhonouredReason = 'order cancelled' | 'paid twice' | 'wrong amount';
const WHY: Record<UnhonouredReason, string> = {
  'order cancelled': 'it arrived after the order was cancelled or had expired (unpaid orders are cancelled after 30 minutes)',
  'paid twice': 'the order was already paid',
  'wrong amount': 'its amount did not match what was owed',
};

/** A payment we could not honour: it is refunded in full, and the customer is told why. */
export function paymentRefundedEmail(to: string, p: { name: string; amountPaise: number; reason: UnhonouredReason; what: 'order' | 'booking' }): Email {
  const lines = [
    `Namaste ${p.name},`,
    `We received a payment of ${formatPaise(p.amountPaise)} for your ${p.what}, but could not accept it: ${WHY[p.reason]}.`,
    'It is refunded in full to the way you paid; banks take 5–7 working days.',
  ];
  return {
    to, subject: 'Your Nirmaan payment is being refunded', text: [...lines, '', '— Team Nirmaan'].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b"><h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>— Team Nirmaan</p></body></html>`,
  };
}
