import type { LanguageBody } from '@nirmaan/shared/auth';
import type { Locale } from '@nirmaan/shared/i18n';

/**
 * Keeps a logged-in customer's choice on the account too (`PUT /api/me/language`), so the mails about their orders
 * are written in it (docs/decisions/039). The switcher's link navigates at once: `keepalive` lets the call finish
 * after the page is gone. A failure changes nothing the visitor sees (the cookie already holds the choice).
 */
export function saveAccountLanguage(language: Locale) {
  const body: LanguageBody = { language };
  void fetch('/api/me/language', {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive: true,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}
