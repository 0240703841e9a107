import { formatPaise } from '@nirmaan/shared/money';
import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../lib/html.ts';
import { mailLocale, t } from '../lib/i18n.ts';
import type { Email } from '../email/outbox.ts';

export type UnhonouredReason = 'order cancelled' | 'paid twice' | 'wrong amount';
const WHY: Record<UnhonouredReason, string> = {
  'order cancelled': 'it arrived after the order was cancelled or had expired (unpaid orders are cancelled after 30 minutes)',
  'paid twice': 'the order was already paid',
  'wrong amount': 'its amount did not match what was owed',
};

/** A payment we could not honour: it is refunded in full, and the customer is told why, in the account's language. */
export function paymentRefundedEmail(to: string, p: { name: string; amountPaise: number; reason: UnhonouredReason; what: 'order' | 'booking'; lang?: Locale | null }): Email {
  const l = mailLocale(p.lang);
  const received = p.what === 'order'
    ? 'We received a payment of {amount} for your order, but could not accept it: {why}.'
    : 'We received a payment of {amount} for your booking, but could not accept it: {why}.';
  const lines = [
    t(l, 'Namaste {name},', { name: p.name }),
    t(l, received, { amount: formatPaise(p.amountPaise), why: t(l, WHY[p.reason]) }),
    t(l, 'It is refunded in full to the way you paid; banks take 5–7 working days.'),
  ];
  const team = t(l, '— Team Nirmaan');
  return {
    to, subject: t(l, 'Your Nirmaan payment is being refunded'), text: [...lines, '', team].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b"><h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>${escapeHtml(team)}</p></body></html>`,
  };
}
