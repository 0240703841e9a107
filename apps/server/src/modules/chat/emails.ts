import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>— Team Nirmaan</p></body></html>`;

/** Only the count, who wrote and where to read: never the conversation itself. */
export function unreadMessagesEmail(to: string, m: { name: string; from: string; unread: number; link: string }): Email {
  const what = `${m.unread} new message${m.unread === 1 ? '' : 's'} from ${m.from}`;
  const text = [`Namaste ${m.name},`, '', `You have ${what} on Nirmaan.`, `Read and reply: ${m.link}`, '', '— Team Nirmaan'].join('\n');
  const html = page(`<p>Namaste ${escapeHtml(m.name)},</p><p>You have <strong>${escapeHtml(what)}</strong> on Nirmaan.</p>
<p><a href="${escapeHtml(m.link)}">Read and reply</a></p>`);
  return { to, subject: what, text, html };
}
