import { formatPaise } from '@nirmaan/shared/money';
import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

/** The mails of requests for quotes (issue 35), queued through the mail outbox in the transaction that caused them. */

const mail = (to: string, subject: string, lines: string[]): Email => ({
  to, subject, text: [...lines, '', '— Team Nirmaan'].join('\n\n'),
  html: `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b"><h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>— Team Nirmaan</p></body></html>`,
});
const ref = (id: string) => id.slice(0, 8).toUpperCase();

/** A seller was sent a request: what is asked and where, never who asks (the buyer's contact stays hidden). */
export function newRequestEmail(to: string, r: { owner: string; rfqId: string; items: string[]; pincode: string; closesAt: Date }): Email {
  return mail(to, `New request for quotes ${ref(r.rfqId)} near ${r.pincode}`, [
    `Namaste ${r.owner},`, `A builder asks for a price delivered to PIN ${r.pincode}:`, ...r.items,
    `Quotes are collected until ${r.closesAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Open Requests in your portal to quote or decline.`,
  ]);
}

/** The buyer hears of a new quote or revision. */
export function quoteReceivedEmail(to: string, q: { name: string; rfqId: string; seller: string; version: number; landedTotalPaise: number }): Email {
  const what = q.version > 1 ? `revised its quote (version ${q.version})` : 'sent a quote';
  return mail(to, `${q.seller} ${what} for request ${ref(q.rfqId)}`, [
    `Namaste ${q.name},`, `${q.seller} ${what}: ${formatPaise(q.landedTotalPaise)} landed at your site.`, 'Compare the quotes under My requests.',
  ]);
}

/** The winner: its quote is accepted and became an order; the buyer's contact is now visible in the portal. */
export function quoteAcceptedEmail(to: string, q: { owner: string; rfqId: string; orderId: string; landedTotalPaise: number }): Email {
  return mail(to, `Your quote for request ${ref(q.rfqId)} is accepted`, [
    `Namaste ${q.owner},`, `The buyer accepted your quote of ${formatPaise(q.landedTotalPaise)}: it is order ${ref(q.orderId)}.`,
    "The buyer's name and phone are now shown on the request in your portal.",
  ]);
}

/** A seller whose quote was not chosen (or whose request was withdrawn). */
export function quoteClosedEmail(to: string, q: { owner: string; rfqId: string; why: 'another' | 'cancelled' | 'hidden' }): Email {
  const said = { another: 'The buyer accepted another quote.', cancelled: 'The buyer withdrew the request.', hidden: 'The request was withdrawn by Nirmaan.' }[q.why];
  return mail(to, `Request ${ref(q.rfqId)} is closed`, [`Namaste ${q.owner},`, `${said} Your quote is closed. Thank you for quoting.`]);
}

/** The other side of a thread hears of a counter-offer, an answer or a decline. */
export function threadEmail(to: string, m: { name: string; rfqId: string; said: string }): Email {
  return mail(to, `Request ${ref(m.rfqId)}: ${m.said.split('.')[0]}`, [`Namaste ${m.name},`, m.said]);
}
