#!/usr/bin/env node
/**
 * The languages' catalogues are complete (docs/decisions/040-languages.md): `lingui extract` brings every message of
 * the web app into apps/web/src/locales/{en,hi,te,mr}.po, then every message must have a translation in every
 * language, with the same placeholders (`{name}`, `{0}`) and, for a plural, an `other` form. Run by `npm run lint`;
 * exits 1 naming each gap. `--no-extract` checks the catalogues as they are.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps', 'web');
const LOCALES = ['hi', 'te', 'mr'];

if (!process.argv.includes('--no-extract')) {
  execFileSync(path.join(root, 'node_modules', '.bin', 'lingui'), ['extract', '--clean'], { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** msgid → msgstr of a catalogue (Lingui writes each on one line). */
function readPo(locale) {
  const text = readFileSync(path.join(web, 'src', 'locales', `${locale}.po`), 'utf8');
  const entries = new Map();
  const unquote = (s) => JSON.parse(`"${s}"`);
  for (const m of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    if (m[1]) entries.set(unquote(m[1]), unquote(m[2]));
  }
  return entries;
}

/** The names of an ICU message's arguments (`{name}`, `{0, plural, ...}` → name, 0) and whether it has plural forms. */
function argumentsOf(message, names = new Set()) {
  const visit = (tokens) => {
    for (const token of tokens) {
      if ('arg' in token) names.add(token.arg);
      if (token.cases) for (const c of token.cases) visit(c.tokens);
    }
  };
  visit(parse(message));
  return names;
}

const source = readPo('en');
const problems = [];
for (const locale of LOCALES) {
  const catalogue = readPo(locale);
  for (const id of source.keys()) {
    const translation = catalogue.get(id);
    if (!translation) {
      problems.push(`${locale}: no translation of "${id}"`);
      continue;
    }
    let found;
    try {
      found = [...argumentsOf(translation)].sort().join(',');
    } catch (err) {
      problems.push(`${locale}: the translation of "${id}" is not a valid ICU message: ${err.message}`);
      continue;
    }
    const expected = [...argumentsOf(id)].sort().join(',');
    if (expected !== found) problems.push(`${locale}: "${id}" has {${expected}} but its translation has {${found}}`);
    if (/,\s*plural\s*,/.test(id) && !/\bother\s*\{/.test(translation)) problems.push(`${locale}: the plural "${id}" has no "other" form`);
  }
}

if (problems.length > 0) {
  console.error(`Missing or broken translations (apps/web/src/locales):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Every one of ${source.size} messages is translated in ${LOCALES.join(', ')}.`);
