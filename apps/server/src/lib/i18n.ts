import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, dateLocale, type Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from './html.ts';
import { messages as en } from '../locales/en/messages.ts';
import { messages as hi } from '../locales/hi/messages.ts';
import { messages as te } from '../locales/te/messages.ts';
import { messages as mr } from '../locales/mr/messages.ts';

/**
 * The server's words in the four languages (docs/decisions/039), from Lingui's compiled catalogues
 * (apps/server/src/locales, `npm run i18n:extract` then `npm run i18n:compile -w @nirmaan/server`). English is the
 * source: a message's id is its English text, with ICU placeholders for what varies (`No vendors found for "{term}".`).
 */
export const CATALOGUES: Record<Locale, Messages> = { en, hi, te, mr };

const i18ns = Object.fromEntries(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] } })])) as Record<Locale, I18n>;

export type MessageValues = Record<string, string | number>;

/** One message in a language, by its English id, with its values (the mails, the pages). */
export function t(locale: Locale, id: string, values?: MessageValues): string {
  return i18ns[locale]._(id, values);
}

interface Pattern { id: string; re: RegExp; names: string[] }

/** An id with placeholders as a pattern over the English it renders: `Only {stock} left of {name}.` → /^Only (.+?) left of (.+?)\.$/. */
function patternOf(id: string): Pattern | null {
  const names: string[] = [];
  let source = '';
  for (const part of id.split(/('[{}]'|\{\w+\})/)) {
    if (part === "'{'" || part === "'}'") source += `\\${part[1]}`;
    else if (/^\{\w+\}$/.test(part)) {
      names.push(part.slice(1, -1));
      source += '([\\s\\S]+?)';
    } else source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return names.length > 0 ? { id, re: new RegExp(`^${source}$`), names } : null;
}

/** Longest fixed text first, so `{value} must be {RANGE}.` is tried only after the more telling patterns. */
const PATTERNS = Object.keys(en)
  .map(patternOf)
  .filter((p): p is Pattern => p !== null)
  .sort((a, b) => b.id.replace(/\{\w+\}/g, '').length - a.id.replace(/\{\w+\}/g, '').length);

/**
 * A refusal the server wrote in English, in the request's language. Services throw English (the spec's texts, which
 * tests and the spec's clients read); the error handler calls this at the boundary. A text with values is matched
 * against its id's pattern, and the values (a pincode, a product name, an inner message) are put into the
 * translation, themselves translated when they are a message. English, and a text the catalogue does not hold, come
 * back exactly as given.
 */
export function translateMessage(locale: Locale, english: string, depth = 0): string {
  if (locale === DEFAULT_LOCALE || depth > 2) return english;
  if (Object.hasOwn(en, english)) return t(locale, english);
  for (const p of PATTERNS) {
    const match = p.re.exec(english);
    if (!match) continue;
    const values: MessageValues = {};
    p.names.forEach((name, i) => (values[name] = translateMessage(locale, match[i + 1]!, depth + 1)));
    return t(locale, p.id, values);
  }
  return english;
}

/** A date in the language's words with Latin digits: 27 नवंबर 2026, 27 నవంబర్ 2026. */
export function formatDate(locale: Locale, date: Date | string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  const value = typeof date === 'string' ? new Date(`${date.length === 10 ? `${date}T00:00:00+05:30` : date}`) : date;
  return new Intl.DateTimeFormat(dateLocale(locale), { timeZone: 'Asia/Kolkata', ...options }).format(value);
}

/**
 * A message inside a mail's HTML: the translation is escaped, and the values (already HTML: `<strong>…</strong>`, an
 * escaped name) are put in after, so a translation cannot inject markup and a value keeps its markup.
 */
export function tHtml(locale: Locale, id: string, html: Record<string, string | number> = {}): string {
  const names = Object.keys(html);
  const tokens = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]));
  return escapeHtml(t(locale, id, tokens)).replace(/\uE000(\d+)\uE001/g, (_, i: string) => String(html[names[Number(i)]!]));
}

/** The language of an account's mails: its choice, else English. */
export const mailLocale = (language: Locale | null | undefined): Locale => language ?? DEFAULT_LOCALE;
