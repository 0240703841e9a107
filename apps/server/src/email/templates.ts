import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../lib/html.ts';
import { t, tHtml } from '../lib/i18n.ts';
import type { Email } from './outbox.ts';

/** The code mail, in the language of the screen that asked for it (issue 33; English when it names none). */
export function otpEmail(to: string, code: string, validMinutes: number, l: Locale = 'en'): Email {
  const subject = t(l, 'Your Nirmaan verification code: {code}', { code });
  const valid = 'It is valid for {duration} and can be used once.';
  const ignore = 'If you did not ask for this code, you can ignore this email: nobody can sign in without it.';
  const text = [
    t(l, 'Namaste,'),
    '',
    t(l, 'Your Nirmaan verification code is {code}.', { code }),
    t(l, valid, { duration: t(l, '{minutes} minutes', { minutes: validMinutes }) }),
    '',
    t(l, ignore),
    '',
    t(l, '— Team Nirmaan'),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>
<p>${tHtml(l, 'Namaste,')}</p>
<p>${tHtml(l, 'Your Nirmaan verification code is')}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>
<p>${tHtml(l, valid, { duration: `<strong>${tHtml(l, '{minutes} minutes', { minutes: validMinutes })}</strong>` })}</p>
<p style="color:#64748b">${tHtml(l, ignore)}</p>
<p>${tHtml(l, '— Team Nirmaan')}</p>
</body></html>`;
  return { to, subject, text, html };
}
