import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { dateLocale, isLocale, LOCALE_COOKIE, localePath, negotiateLocale, type Locale } from '@nirmaan/shared/i18n';

/**
 * The page's language (docs/decisions/040-languages.md). A page's address says its language (`/hi/...`, or none
 * for English); the server sends a visitor without one to the address of their remembered choice or their browser's
 * language. Only that language's catalogue is loaded: each is its own chunk, and the server preloads the page's.
 */
const CATALOGUES: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  hi: () => import('../locales/hi.po'),
  te: () => import('../locales/te.po'),
  mr: () => import('../locales/mr.po'),
};

/** The catalogues' source modules, as vite's manifest names them (the server preloads the page's). */
export const catalogueModule = (locale: Locale) => `src/locales/${locale}.po`;

/**
 * An i18n instance of its own for one language, its catalogue loaded: the server renders several languages at once.
 * A plural's `#` is formatted with the Intl locale of dates (Latin digits: `mr` alone writes ०१२).
 */
export async function loadI18n(locale: Locale): Promise<I18n> {
  const { messages } = await CATALOGUES[locale]();
  return i18nWith(locale, messages);
}

export const i18nWith = (locale: Locale, messages: Messages) =>
  setupI18n({ locale, locales: [dateLocale(locale)], messages: { [locale]: messages } });

/** The page's language. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** The Intl locale a page's dates are written in: the language's month names, Latin digits. */
export const useDateLocale = () => dateLocale(useLocale());

/** A year, as the server helper's cookie reads it; not httpOnly, so the switcher can write it before navigating. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Remembers the visitor's choice, so the server sends them to that language's addresses from now on. */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * A visitor with no remembered choice, shown their browser's own language, keeps it: a login or signup then stores it
 * on the account, so its mails are written in it (decision record 039). A page in another language than the browser's
 * (a shared `/hi/` link followed from an English browser) is remembered only when chosen in the switcher: otherwise
 * the cookie would send that visitor's every unprefixed address to the link's language (decision record 046).
 * English, the default, is left unremembered, so the browser's language still counts.
 */
export function rememberFirstLocale(locale: Locale, browserLanguages: readonly string[] = navigator.languages) {
  if (locale === 'en' || document.cookie.split(/;\s*/).some((c) => c.startsWith(`${LOCALE_COOKIE}=`))) return;
  if (negotiateLocale(browserLanguages.join(',')) === locale) rememberLocale(locale);
}

/** The address of the page `path` (unprefixed, with its query) in another language. */
export const switchHref = (locale: Locale, path: string) => localePath(locale, path);
