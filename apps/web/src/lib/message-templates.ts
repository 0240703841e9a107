import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TermLookup } from './terms.ts';

/**
 * Messages the server or a shared schema writes with values at run time (`There are two prices for 50 or more: keep
 * one.`), which an exact-English table cannot hold: each by its English with `{name}` where a value goes, and its
 * translation taking those values. Added to `term()` with `addTerms(templateLookup(table))`. The values are put in as
 * the English wrote them: amounts come as `formatPaise` writes them (₹3,650, Latin digits, Indian grouping), and a
 * bare number may be a PIN, which is never grouped.
 */
export type Templates = Record<string, (values: Record<string, string>, i18n: I18n) => MessageDescriptor>;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function templateLookup(table: Templates): TermLookup {
  // The longest fixed text first, so a longer sentence is not read by a shorter one that its words also fit.
  const patterns = Object.entries(table).map(([english, translate]) => {
    const parts = english.split(/\{(\w+)\}/);
    const names = parts.filter((_, i) => i % 2 === 1);
    const source = parts.map((part, i) => (i % 2 === 1 ? '(.+?)' : escaped(part))).join('');
    return { re: new RegExp(`^${source}$`), names, translate, fixed: parts.filter((_, i) => i % 2 === 0).join('').length };
  }).sort((a, b) => b.fixed - a.fixed);
  return (i18n, value) => {
    for (const p of patterns) {
      const match = p.re.exec(value);
      if (match) return i18n._(p.translate(Object.fromEntries(p.names.map((name, k) => [name, match[k + 1]!])), i18n));
    }
    return undefined;
  };
}
