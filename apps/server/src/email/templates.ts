import { escapeHtml } from '../lib/html.ts';
import type { Email } from './outbox.ts';


export function otpEmail(to: string, code: string, validMinutes: number): Email {
  const subject = `Your Nirmaan verification code: ${code}`;
  const text = [
    'Namaste,',
    '',
    `Your Nirmaan verification code is ${code}.`,
    `It is valid for ${validMinutes} minutes and can be used once.`,
    '',
    'If you did not ask for this code, you can ignore this email: nobody can sign in without it.',
    '',
    '— Team Nirmaan',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>
<p>Namaste,</p>
<p>Your Nirmaan verification code is</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>
<p>It is valid for <strong>${validMinutes} minutes</strong> and can be used once.</p>
<p style="color:#64748b">If you did not ask for this code, you can ignore this email: nobody can sign in without it.</p>
<p>— Team Nirmaan</p>
</body></html>`;
  return { to, subject, text, html };
}
