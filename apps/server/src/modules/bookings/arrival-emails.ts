import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { mailLocale, t, tHtml } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

/** The arrival and completion mails (decision record 043), in the account's language (null: English). */
const page = (l: Locale, paragraphs: string[]) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>${tHtml(l, '— Team Nirmaan')}</p></body></html>`;
const mail = (to: string, l: Locale, subject: string, paragraphs: string[]): Email => ({
  to, subject, text: [...paragraphs, '', t(l, '— Team Nirmaan')].join('\n\n'), html: page(l, paragraphs),
});

interface About { lang?: Locale | null; name: string; vendor: string; date: string; time: string }

/** The professional is on the way; the start code (the customer's to give at the door) is in the body, never the subject. */
export function onTheWayEmail(to: string, b: About & { code: string | null }): Email {
  const l = mailLocale(b.lang);
  const { vendor, date, time } = b;
  return mail(to, l, t(l, '{vendor} is on the way', { vendor }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, '{vendor} is on the way for your booking on {date} at {time}.', { vendor, date, time }),
    ...(b.code ? [t(l, 'When they arrive, give them your start code {code}. It is also under My orders.', { code: b.code })] : []),
  ]);
}

/** A started booking the customer did not answer about for 48 hours after the job: completed by itself. */
export function autoCompletedEmail(to: string, b: About): Email {
  const l = mailLocale(b.lang);
  const { vendor, date, time } = b;
  return mail(to, l, t(l, 'Booking complete: {vendor} on {date}', { vendor, date }), [
    t(l, 'Namaste {name},', { name: b.name }),
    t(l, 'Your booking with {vendor} on {date} at {time} is now complete: we had no answer from you 48 hours after the job, so it completed by itself.', { vendor, date, time }),
    t(l, 'If something was not right with the work, you can raise a dispute under My orders.'),
  ]);
}
