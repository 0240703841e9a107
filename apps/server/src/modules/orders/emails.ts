import { formatPaise } from '@nirmaan/shared';
import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { mailLocale, t, tHtml } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

/**
 * The order mails, in the account's language (issue 33; `lang` null or absent is English, exactly as before). Amounts
 * are `formatPaise` in every language: Indian grouping, Latin digits.
 */
const page = (l: Locale, body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>${tHtml(l, '— Team Nirmaan')}</p></body></html>`;

interface MailLine { productName: string; quantity: number; totalPricePaise: number }
type Lang = { lang?: Locale | null };

export function orderPlacedEmail(to: string, o: Lang & { name: string; orderId: string; lines: MailLine[]; deliveryFeePaise: number; totalPaise: number; paymentMethod: string }): Email {
  const l = mailLocale(o.lang);
  const ref = o.orderId.slice(0, 8).toUpperCase();
  const lines = o.lines.map((line) => `${line.productName} × ${line.quantity}: ${formatPaise(line.totalPricePaise)}`);
  const fee = o.deliveryFeePaise === 0 ? t(l, 'free') : formatPaise(o.deliveryFeePaise);
  const method = o.paymentMethod === 'cod' ? t(l, 'cash on delivery') : o.paymentMethod.toUpperCase();
  const text = [
    t(l, 'Namaste {name},', { name: o.name }), '', t(l, 'Thank you for your order {ref}.', { ref }), '', ...lines,
    t(l, 'Delivery: {fee}', { fee }), t(l, 'Total: {total} ({method})', { total: formatPaise(o.totalPaise), method }),
    '', t(l, 'You can follow it, or cancel it before delivery, under My orders.'), '', t(l, '— Team Nirmaan'),
  ].join('\n');
  const html = page(l, `<p>${tHtml(l, 'Namaste {name},', { name: escapeHtml(o.name) })}</p><p>${tHtml(l, 'Thank you for your order {ref}.', { ref: `<strong>${escapeHtml(ref)}</strong>` })}</p>
<ul>${o.lines.map((line) => `<li>${escapeHtml(line.productName)} × ${line.quantity}: ${formatPaise(line.totalPricePaise)}</li>`).join('')}</ul>
<p>${tHtml(l, 'Delivery: {fee}', { fee: escapeHtml(fee) })}<br><strong>${tHtml(l, 'Total: {total}', { total: formatPaise(o.totalPaise) })}</strong></p>
<p>${tHtml(l, 'You can follow it, or cancel it before delivery, under My orders.')}</p>`);
  return { to, subject: t(l, 'Your Nirmaan order {ref} is placed', { ref }), text, html };
}

export function orderCancelledEmail(to: string, o: Lang & { name: string; lines: MailLine[]; bySeller?: boolean; refunded?: boolean }): Email {
  const l = mailLocale(o.lang);
  const names = o.lines.map((line) => `${line.productName} × ${line.quantity}`);
  const said = o.bySeller ? t(l, 'The seller could not fulfil these items of your order and cancelled them:') : t(l, 'These items of your order are cancelled:');
  const refundText = t(l, 'Your payment for them is refunded to the way you paid; banks take 5–7 working days.');
  const refund = o.refunded ? ['', refundText] : [];
  const text = [t(l, 'Namaste {name},', { name: o.name }), '', said, ...names, ...refund, '', t(l, '— Team Nirmaan')].join('\n');
  const html = page(l, `<p>${tHtml(l, 'Namaste {name},', { name: escapeHtml(o.name) })}</p><p>${escapeHtml(said)}</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>${o.refunded ? `<p>${escapeHtml(refundText)}</p>` : ''}`);
  return { to, subject: t(l, 'Your Nirmaan order is cancelled'), text, html };
}

/**
 * A line shipped (with its delivery code, decision 032) or delivered (in the customer's absence: who received it).
 * The code is the customer's to give at the door; the mail goes to the account's own address only.
 */
export function orderStatusEmail(to: string, o: Lang & { name: string; status: 'Shipped' | 'Delivered'; line: MailLine; deliveryCode?: string | null; receivedBy?: string | null }): Email {
  const l = mailLocale(o.lang);
  const item = `${o.line.productName} × ${o.line.quantity}`;
  const saidId = o.status === 'Shipped' ? '{item} is on its way.' : '{item} has been delivered.';
  const code = o.status === 'Shipped' && o.deliveryCode
    ? t(l, 'Your delivery code is {code}. Give it to the person who delivers it, only once you have the goods; it is also under My orders.', { code: o.deliveryCode }) : null;
  const away = o.status === 'Delivered' && o.receivedBy
    ? t(l, 'You were away: it was received by {receivedBy}. The delivery photo is under My orders.', { receivedBy: o.receivedBy }) : null;
  const extra = [code, away].filter((x): x is string => x !== null);
  const follow = 'You can follow your orders under My orders.';
  const text = [t(l, 'Namaste {name},', { name: o.name }), '', t(l, saidId, { item }), ...extra.flatMap((x) => ['', x]), '', t(l, follow), '', t(l, '— Team Nirmaan')].join('\n');
  const html = page(l, `<p>${tHtml(l, 'Namaste {name},', { name: escapeHtml(o.name) })}</p><p>${tHtml(l, saidId, { item: `<strong>${escapeHtml(item)}</strong>` })}</p>${extra.map((x) => `<p>${escapeHtml(x)}</p>`).join('')}<p>${tHtml(l, follow)}</p>`);
  const subject = o.status === 'Shipped' ? t(l, 'Your Nirmaan order: {product} shipped', { product: o.line.productName }) : t(l, 'Your Nirmaan order: {product} delivered', { product: o.line.productName });
  return { to, subject, text, html };
}

/** The seller's copy of a new order: only its own lines, and where to ship them. */
export function newOrderForVendorEmail(to: string, o: Lang & { owner: string; orderId: string; customerName: string; address: string; lines: MailLine[] }): Email {
  const l = mailLocale(o.lang);
  const ref = o.orderId.slice(0, 8).toUpperCase();
  const lines = o.lines.map((line) => `${line.productName} × ${line.quantity}: ${formatPaise(line.totalPricePaise)}`);
  const ordered = '{customer} has ordered from your store (order {ref}):';
  const markShipped = 'Please mark each item Shipped when it leaves, under Orders in your Nirmaan vendor account.';
  const text = [
    t(l, 'Namaste {name},', { name: o.owner }), '', t(l, ordered, { customer: o.customerName, ref }), '', ...lines, '', t(l, 'Ship to: {address}', { address: o.address }),
    '', t(l, markShipped), '', t(l, '— Team Nirmaan'),
  ].join('\n');
  const html = page(l, `<p>${tHtml(l, 'Namaste {name},', { name: escapeHtml(o.owner) })}</p><p>${tHtml(l, ordered, { customer: escapeHtml(o.customerName), ref: `<strong>${escapeHtml(ref)}</strong>` })}</p>
<ul>${o.lines.map((line) => `<li>${escapeHtml(line.productName)} × ${line.quantity}: ${formatPaise(line.totalPricePaise)}</li>`).join('')}</ul>
<p>${tHtml(l, 'Ship to: {address}', { address: escapeHtml(o.address) })}</p><p>${tHtml(l, markShipped)}</p>`);
  const what = o.lines.length === 1 ? o.lines[0]!.productName : t(l, '{count, plural, one {# item} other {# items}}', { count: o.lines.length });
  return { to, subject: t(l, 'New order {ref}: {what}', { ref, what }), text, html };
}

/** An online order placed without opening checkout (the spec's clients): the link opens "Pay now" for it. */
export function payLinkEmail(to: string, o: Lang & { name: string; orderId: string; totalPaise: number; link: string; minutes: number }): Email {
  const l = mailLocale(o.lang);
  const ref = o.orderId.slice(0, 8).toUpperCase();
  const waiting = 'Your order {ref} of {total} is waiting for your online payment.';
  const unpaid = 'Unpaid, it is cancelled after {minutes} minutes. The seller ships once it is paid.';
  const text = [
    t(l, 'Namaste {name},', { name: o.name }), '', t(l, waiting, { ref, total: formatPaise(o.totalPaise) }), t(l, 'Pay now: {link}', { link: o.link }), '',
    t(l, unpaid, { minutes: o.minutes }), '', t(l, '— Team Nirmaan'),
  ].join('\n');
  const html = page(l, `<p>${tHtml(l, 'Namaste {name},', { name: escapeHtml(o.name) })}</p><p>${tHtml(l, waiting, { ref: `<strong>${escapeHtml(ref)}</strong>`, total: formatPaise(o.totalPaise) })}</p>
<p><a href="${escapeHtml(o.link)}">${tHtml(l, 'Pay now')}</a></p><p>${tHtml(l, unpaid, { minutes: o.minutes })}</p>`);
  return { to, subject: t(l, 'Pay for your Nirmaan order {ref}', { ref }), text, html };
}
