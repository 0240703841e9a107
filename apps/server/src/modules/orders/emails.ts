import { formatPaise } from '@nirmaan/shared';
import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>— Team Nirmaan</p></body></html>`;

interface MailLine { productName: string; quantity: number; totalPricePaise: number }

export function orderPlacedEmail(to: string, o: { name: string; orderId: string; lines: MailLine[]; deliveryFeePaise: number; totalPaise: number; paymentMethod: string }): Email {
  const lines = o.lines.map((l) => `${l.productName} × ${l.quantity}: ${formatPaise(l.totalPricePaise)}`);
  const text = [
    `Namaste ${o.name},`, '', `Thank you for your order ${o.orderId.slice(0, 8).toUpperCase()}.`, '', ...lines,
    `Delivery: ${o.deliveryFeePaise === 0 ? 'free' : formatPaise(o.deliveryFeePaise)}`, `Total: ${formatPaise(o.totalPaise)} (${o.paymentMethod === 'cod' ? 'cash on delivery' : o.paymentMethod.toUpperCase()})`,
    '', 'You can follow it, or cancel it before delivery, under My orders.', '', '— Team Nirmaan',
  ].join('\n');
  const html = page(`<p>Namaste ${escapeHtml(o.name)},</p><p>Thank you for your order <strong>${escapeHtml(o.orderId.slice(0, 8).toUpperCase())}</strong>.</p>
<ul>${o.lines.map((l) => `<li>${escapeHtml(l.productName)} × ${l.quantity}: ${formatPaise(l.totalPricePaise)}</li>`).join('')}</ul>
<p>Delivery: ${o.deliveryFeePaise === 0 ? 'free' : formatPaise(o.deliveryFeePaise)}<br><strong>Total: ${formatPaise(o.totalPaise)}</strong></p>
<p>You can follow it, or cancel it before delivery, under My orders.</p>`);
  return { to, subject: `Your Nirmaan order ${o.orderId.slice(0, 8).toUpperCase()} is placed`, text, html };
}

export function orderCancelledEmail(to: string, o: { name: string; lines: MailLine[]; bySeller?: boolean; refunded?: boolean }): Email {
  const names = o.lines.map((l) => `${l.productName} × ${l.quantity}`);
  const said = o.bySeller ? 'The seller could not fulfil these items of your order and cancelled them:' : 'These items of your order are cancelled:';
  const refund = o.refunded ? ['', 'Your payment for them is refunded to the way you paid; banks take 5–7 working days.'] : [];
  const text = [`Namaste ${o.name},`, '', said, ...names, ...refund, '', '— Team Nirmaan'].join('\n');
  const html = page(`<p>Namaste ${escapeHtml(o.name)},</p><p>${said}</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>${o.refunded ? `<p>${refund[1]}</p>` : ''}`);
  return { to, subject: 'Your Nirmaan order is cancelled', text, html };
}

/**
 * A line shipped (with its delivery code, decision 032) or delivered (in the customer's absence: who received it).
 * The code is the customer's to give at the door; the mail goes to the account's own address only.
 */
export function orderStatusEmail(to: string, o: { name: string; status: 'Shipped' | 'Delivered'; line: MailLine; deliveryCode?: string | null; receivedBy?: string | null }): Email {
  const item = `${o.line.productName} × ${o.line.quantity}`;
  const said = o.status === 'Shipped' ? 'is on its way' : 'has been delivered';
  const code = o.status === 'Shipped' && o.deliveryCode
    ? `Your delivery code is ${o.deliveryCode}. Give it to the person who delivers it, only once you have the goods; it is also under My orders.` : null;
  const away = o.status === 'Delivered' && o.receivedBy
    ? `You were away: it was received by ${o.receivedBy}. The delivery photo is under My orders.` : null;
  const extra = [code, away].filter((t): t is string => t !== null);
  const text = [`Namaste ${o.name},`, '', `${item} ${said}.`, ...extra.flatMap((t) => ['', t]), '', 'You can follow your orders under My orders.', '', '— Team Nirmaan'].join('\n');
  const html = page(`<p>Namaste ${escapeHtml(o.name)},</p><p><strong>${escapeHtml(item)}</strong> ${said}.</p>${extra.map((t) => `<p>${escapeHtml(t)}</p>`).join('')}<p>You can follow your orders under My orders.</p>`);
  return { to, subject: `Your Nirmaan order: ${o.line.productName} ${o.status === 'Shipped' ? 'shipped' : 'delivered'}`, text, html };
}

/** The seller's copy of a new order: only its own lines, and where to ship them. */
export function newOrderForVendorEmail(to: string, o: { owner: string; orderId: string; customerName: string; address: string; lines: MailLine[] }): Email {
  const ref = o.orderId.slice(0, 8).toUpperCase();
  const lines = o.lines.map((l) => `${l.productName} × ${l.quantity}: ${formatPaise(l.totalPricePaise)}`);
  const text = [
    `Namaste ${o.owner},`, '', `${o.customerName} has ordered from your store (order ${ref}):`, '', ...lines, '', `Ship to: ${o.address}`,
    '', 'Please mark each item Shipped when it leaves, under Orders in your Nirmaan vendor account.', '', '— Team Nirmaan',
  ].join('\n');
  const html = page(`<p>Namaste ${escapeHtml(o.owner)},</p><p>${escapeHtml(o.customerName)} has ordered from your store (order <strong>${escapeHtml(ref)}</strong>):</p>
<ul>${o.lines.map((l) => `<li>${escapeHtml(l.productName)} × ${l.quantity}: ${formatPaise(l.totalPricePaise)}</li>`).join('')}</ul>
<p>Ship to: ${escapeHtml(o.address)}</p><p>Please mark each item Shipped when it leaves, under Orders in your Nirmaan vendor account.</p>`);
  return { to, subject: `New order ${ref}: ${o.lines.length === 1 ? o.lines[0]!.productName : `${o.lines.length} items`}`, text, html };
}

/** An online order placed without opening checkout (the spec's clients): the link opens "Pay now" for it. */
export function payLinkEmail(to: string, o: { name: string; orderId: string; totalPaise: number; link: string; minutes: number }): Email {
  const ref = o.orderId.slice(0, 8).toUpperCase();
  const text = [
    `Namaste ${o.name},`, '', `Your order ${ref} of ${formatPaise(o.totalPaise)} is waiting for your online payment.`, `Pay now: ${o.link}`, '',
    `Unpaid, it is cancelled after ${o.minutes} minutes. The seller ships once it is paid.`, '', '— Team Nirmaan',
  ].join('\n');
  const html = page(`<p>Namaste ${escapeHtml(o.name)},</p><p>Your order <strong>${escapeHtml(ref)}</strong> of ${formatPaise(o.totalPaise)} is waiting for your online payment.</p>
<p><a href="${escapeHtml(o.link)}">Pay now</a></p><p>Unpaid, it is cancelled after ${o.minutes} minutes. The seller ships once it is paid.</p>`);
  return { to, subject: `Pay for your Nirmaan order ${ref}`, text, html };
}
