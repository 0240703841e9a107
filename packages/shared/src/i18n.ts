/**
 * The languages Nirmaan speaks (issue 33), in one place for the web, the server and the mails. English is the
 * source language: the spec's texts are English and stay exactly as they are. A request's language is the
 * visitor's choice (the `nirmaan_lang` cookie, or the account's language), else the best of `Accept-Language`,
 * else English.
 */
export const LOCALES = ['en', 'hi', 'te', 'mr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers the visitor's choice (a year; not httpOnly: the switcher writes it). */
export const LOCALE_COOKIE = 'nirmaan_lang';

/** Each language named in its own script, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी', te: 'తెలుగు', mr: 'मराठी' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The best supported language of an `Accept-Language` header (`te-IN,te;q=0.9,en;q=0.8` → `te`), by quality then
 * order; a region is ignored (`hi-IN` is `hi`). English when the header names none of ours, or is absent.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of acceptLanguage.split(',').slice(0, 32)) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: language, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** A request's language: a valid remembered choice first, then the browser's header. */
export function pickLocale(choice: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(choice) ? choice : negotiateLocale(acceptLanguage);
}

/**
 * The Intl locale that formats numbers and money in every language: Indian grouping (₹12,34,567.50) and Latin
 * digits, as Indian commerce writes them. Node's ICU (78) prints `mr-IN` in Devanagari digits and, even with
 * `-u-nu-latn`, groups Marathi in thousands (₹1,234,567.50); `hi` and `te` print exactly what `en-IN` prints. So
 * numbers are formatted with `en-IN` whatever the page's language.
 */
export const NUMBER_LOCALE = 'en-IN';

/** The Intl locale for dates and times in a language: the language's own words, with Latin digits. */
export function dateLocale(locale: Locale): string {
  return `${locale}-IN-u-nu-latn`;
}

/**
 * Addresses per language (docs/decisions/040-languages.md): English keeps the spec's unprefixed routes, the others
 * live under `/hi`, `/te`, `/mr` (`/hi/product/{id}`), so every language of a public page has its own address.
 */
export function splitLocalePath(pathname: string): { locale: Locale; basename: string; rest: string } {
  const m = /^\/(hi|te|mr)(?=\/|$)/i.exec(pathname);
  if (!m) return { locale: DEFAULT_LOCALE, basename: '', rest: pathname || '/' };
  const locale = m[1]!.toLowerCase() as Locale;
  return { locale, basename: `/${locale}`, rest: pathname.slice(m[0].length) || '/' };
}

/** `path` (unprefixed, with its query) in `locale`'s address: `/product/7` → `/hi/product/7`; `/` → `/hi`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : path.startsWith('/?') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}
