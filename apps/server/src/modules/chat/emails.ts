import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { mailLocale, t, tHtml } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string, l: Locale) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>${tHtml(l, '— Team Nirmaan')}</p></body></html>`;

/**
 * Only the count, who wrote and where to read: never the conversation itself. In the recipient account's language
 * (issue 33; none set: English, exactly as before).
 */
export function unreadMessagesEmail(to: string, m: { name: string; from: string; unread: number; link: string; lang?: Locale | null }): Email {
  const l = mailLocale(m.lang);
  const what = t(l, '{count, plural, one {# new message from {from}} other {# new messages from {from}}}', { count: m.unread, from: m.from });
  const text = [t(l, 'Namaste {name},', { name: m.name }), '', t(l, 'You have {what} on Nirmaan.', { what }), t(l, 'Read and reply: {link}', { link: m.link }), '', t(l, '— Team Nirmaan')].join('\n');
  const html = page(`<p>${tHtml(l, 'Namaste {name},', { name: escapeHtml(m.name) })}</p><p>${tHtml(l, 'You have {what} on Nirmaan.', { what: `<strong>${escapeHtml(what)}</strong>` })}</p>
<p><a href="${escapeHtml(m.link)}">${tHtml(l, 'Read and reply')}</a></p>`, l);
  return { to, subject: what, text, html };
}
