import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '@nirmaan/shared/i18n';
import { rememberLocale, switchHref } from '../lib/i18n.ts';
import { saveAccountLanguage } from '../lib/account-language.ts';
import { useStoredUser } from '../lib/session.ts';

/**
 * The languages, each written in its own script, as plain links to this page's address in that language: they work
 * before the scripts load and crawlers follow them. A click remembers the choice in the cookie first and, for a
 * logged-in customer, on the account (its mails follow it).
 */
export function LanguageSwitcher({ variant }: { variant: 'header' | 'footer' }) {
  const { pathname, search } = useLocation();
  const { i18n, t } = useLingui();
  const { isLoggedIn } = useStoredUser();
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const links = LOCALES.map((locale) => (
    <a
      key={locale}
      className={variant === 'header' ? 'dropdown-item' : 'footer-link d-inline-block me-3'}
      href={switchHref(locale, pathname + search)}
      hrefLang={locale}
      lang={locale}
      aria-current={locale === current ? 'true' : undefined}
      onClick={() => {
        rememberLocale(locale);
        if (isLoggedIn) saveAccountLanguage(locale);
      }}
    >
      {LOCALE_NAMES[locale]}
    </a>
  ));
  if (variant === 'footer') {
    return <nav aria-label={t`Language`} className="mt-3">{links}</nav>;
  }
  return (
    <details className="lang-switch dropdown">
      <summary className="btn btn-outline-secondary btn-sm" aria-label={t`Language: ${LOCALE_NAMES[current]}`}>
        <span lang={current}>{LOCALE_NAMES[current]}</span>
      </summary>
      <div className="dropdown-menu dropdown-menu-end show shadow-sm">{links}</div>
    </details>
  );
}
