import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@nirmaan/shared/i18n';
import { collectServerMessages } from '../scripts/lingui-extractor.mjs';
import { CATALOGUES, t, translateMessage } from '../src/lib/i18n.ts';

/**
 * The server's catalogues are complete (issue 33): every English text the server sends has a translation in every
 * language, with the same placeholders, and the compiled catalogues are those of the .po files. A new refusal added
 * without `npm run i18n:extract -w @nirmaan/server` and its translations fails here.
 */

const poOf = (locale: string) => {
  const text = readFileSync(path.resolve(import.meta.dirname, `../src/locales/${locale}/messages.po`), 'utf8');
  const unquote = (s: string) => JSON.parse(s) as string;
  const entries: [string, string][] = [];
  for (const m of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) if (m[1] !== '""') entries.push([unquote(m[1]!), unquote(m[2]!)]);
  return new Map(entries);
};
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server catalogues', () => {
  const ids: string[] = [...collectServerMessages().keys()].sort();

  it('hold every text the server sends, and nothing it no longer sends', () => {
    expect(ids.length).toBeGreaterThan(200);
    expect([...poOf('en').keys()].sort()).toEqual(ids);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s translates every one, keeping its placeholders, and is compiled', (locale) => {
    const po = poOf(locale);
    const missing = ids.filter((id) => !po.get(id)?.trim());
    expect(missing, `untranslated in ${locale}`).toEqual([]);
    for (const id of ids) {
      if (id.includes(', plural,')) continue;
      // "{left} {value} left": the word for "try"/"tries" is the language's own, so {value} may go.
      const needed = placeholders(id).filter((p) => !(id.startsWith('That delivery code is wrong.') && p === 'value'));
      expect(placeholders(po.get(id)!).filter((p) => needed.includes(p)), `${locale}: ${id}`).toEqual(needed);
      expect(po.get(id), `${locale} left in English: ${id}`).not.toBe(id);
    }
    expect(Object.keys(CATALOGUES[locale]).sort()).toEqual(ids);
  });

  it('counts in each language’s own plural rules: 0 is "one" in Hindi, "other" in Telugu', () => {
    expect(new Intl.PluralRules('hi').select(0)).toBe('one');
    expect(t('hi', '{count, plural, one {# item} other {# items}}', { count: 0 })).toBe('0 आइटम');
    expect(t('te', '{count, plural, one {# item} other {# items}}', { count: 0 })).toBe('0 ఐటమ్‌లు');
    expect(t('te', '{count, plural, one {# item} other {# items}}', { count: 1 })).toBe('1 ఐటమ్');
    expect(t('en', '{count, plural, one {# item} other {# items}}', { count: 3 })).toBe('3 items');
  });

  it('translates a refusal with values, and one inside another, and leaves an unknown text as it is', () => {
    expect(translateMessage('hi', 'We could not find the pincode 999999. Please check it and try again.')).toBe('हमें पिनकोड 999999 नहीं मिला। कृपया इसे जाँचकर फिर कोशिश करें।');
    expect(translateMessage('te', 'Product not found. It may have been removed; please check your cart.')).toBe('ప్రొడక్ట్ కనబడలేదు. దీన్ని తీసివేసి ఉండవచ్చు; దయచేసి మీ కార్ట్ చూడండి.');
    expect(translateMessage('mr', 'A sentence nobody wrote.')).toBe('A sentence nobody wrote.');
    expect(translateMessage('en', 'Product not found.')).toBe('Product not found.');
  });
});
