import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Lingui's catalogues (docs/decisions/040-languages.md): English is the source, one `.po` per language under
 * src/locales, committed. `npm run build` extracts (the catalogues must already hold every message: the check in
 * scripts/i18n-check.mjs fails the lint otherwise) and vite's plugin compiles the one a page imports.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'te', 'mr'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/node_modules/**'] }],
  format: formatter({ lineNumbers: false }),
});
