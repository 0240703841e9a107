import { formatPaise } from '@nirmaan/shared/money';
import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { formatDate, mailLocale, t, type MessageValues } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

/**
 * The mails of requests for quotes (issue 35), queued through the mail outbox in the transaction that caused them,
 * each in the recipient account's language (issue 33; none: English, word for word as before). What people wrote
 * (the items' descriptions, names) is quoted as written.
 */

const mail = (to: string, l: Locale, subject: string, lines: string[]): Email => {
  const team = t(l, '— Team Nirmaan');
  return {
    to, subject, text: [...lines, '', team].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b"><h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>${escapeHtml(team)}</p></body></html>`,
  };
};
const ref = (id: string) => id.slice(0, 8).toUpperCase();
type Lang = { lang?: Locale | null };

/** A seller was sent a request: what is asked and where, never who asks (the buyer's contact stays hidden). */
export function newRequestEmail(to: string, r: Lang & { owner: string; rfqId: string; items: string[]; pincode: string; closesAt: Date }): Email {
  const l = mailLocale(r.lang);
  // English keeps the UTC moment it always had; the other languages India's time in their words.
  const when = l === 'en'
    ? `${r.closesAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : `${formatDate(l, r.closesAt, { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' })} IST`;
  return mail(to, l, t(l, 'New request for quotes {ref} near {pincode}', { ref: ref(r.rfqId), pincode: r.pincode }), [
    t(l, 'Namaste {name},', { name: r.owner }), t(l, 'A builder asks for a price delivered to PIN {pincode}:', { pincode: r.pincode }), ...r.items,
    t(l, 'Quotes are collected until {when}. Open Requests in your portal to quote or decline.', { when }),
  ]);
}

/** The buyer hears of a new quote or revision. */
export function quoteReceivedEmail(to: string, q: Lang & { name: string; rfqId: string; seller: string; version: number; landedTotalPaise: number }): Email {
  const l = mailLocale(q.lang);
  const values = { seller: q.seller, version: String(q.version), ref: ref(q.rfqId), total: formatPaise(q.landedTotalPaise) };
  const revised = q.version > 1;
  return mail(to, l, t(l, revised ? '{seller} revised its quote (version {version}) for request {ref}' : '{seller} sent a quote for request {ref}', values), [
    t(l, 'Namaste {name},', { name: q.name }),
    t(l, revised ? '{seller} revised its quote (version {version}): {total} landed at your site.' : '{seller} sent a quote: {total} landed at your site.', values),
    t(l, 'Compare the quotes under My requests.'),
  ]);
}

/** The winner: its quote is accepted and became an order; the buyer's contact is now visible in the portal. */
export function quoteAcceptedEmail(to: string, q: Lang & { owner: string; rfqId: string; orderId: string; landedTotalPaise: number }): Email {
  const l = mailLocale(q.lang);
  return mail(to, l, t(l, 'Your quote for request {ref} is accepted', { ref: ref(q.rfqId) }), [
    t(l, 'Namaste {name},', { name: q.owner }),
    t(l, 'The buyer accepted your quote of {total}: it is order {order}.', { total: formatPaise(q.landedTotalPaise), order: ref(q.orderId) }),
    t(l, "The buyer's name and phone are now shown on the request in your portal."),
  ]);
}

const CLOSED = { another: 'The buyer accepted another quote.', cancelled: 'The buyer withdrew the request.', hidden: 'The request was withdrawn by Nirmaan.' } as const;

/** A seller whose quote was not chosen (or whose request was withdrawn). */
export function quoteClosedEmail(to: string, q: Lang & { owner: string; rfqId: string; why: keyof typeof CLOSED }): Email {
  const l = mailLocale(q.lang);
  return mail(to, l, t(l, 'Request {ref} is closed', { ref: ref(q.rfqId) }), [
    t(l, 'Namaste {name},', { name: q.owner }), `${t(l, CLOSED[q.why])} ${t(l, 'Your quote is closed. Thank you for quoting.')}`,
  ]);
}

/** A step of a counter-offer thread: the buyer's counter (to the seller) or the seller's answer (to the buyer). */
const SAID = {
  counterTotal: 'The buyer proposes {amount} landed instead of {was}.',
  counterUnit: 'The buyer proposes {amount} a unit for {product}.',
  accepted: 'The seller accepted your counter-offer: version {version} comes to {amount} landed.',
  countered: 'The seller answers your counter-offer with {amount} landed.',
  declined: 'The seller declined your counter-offer; its quote stands as it was.',
} as const;
/** The step in a subject, in the languages other than English (English keeps its first sentence up to a full stop, as before). */
const SUMMARY: Record<keyof typeof SAID, string> = {
  counterTotal: 'The buyer proposes {amount} landed',
  counterUnit: 'The buyer proposes {amount} a unit for {product}',
  accepted: 'The seller accepted your counter-offer',
  countered: 'The seller answers your counter-offer with {amount} landed',
  declined: 'The seller declined your counter-offer',
};
export type ThreadStep = keyof typeof SAID;

/** The other side of a thread hears of a counter-offer, an answer or a decline, and where to see it. */
export function threadEmail(to: string, m: Lang & { name: string; rfqId: string; step: ThreadStep; values?: MessageValues }): Email {
  const l = mailLocale(m.lang);
  const values = m.values ?? {};
  const toSeller = m.step === 'counterTotal' || m.step === 'counterUnit';
  const said = `${t(l, SAID[m.step], values)} ${t(l, toSeller ? 'Answer it under Requests in your portal.' : 'See it under My requests.')}`;
  const summary = l === 'en' ? said.split('.')[0]! : t(l, SUMMARY[m.step], values);
  return mail(to, l, t(l, 'Request {ref}: {summary}', { ref: ref(m.rfqId), summary }), [t(l, 'Namaste {name},', { name: m.name }), said]);
}
