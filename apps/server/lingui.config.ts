import type { LinguiConfig } from '@lingui/conf';
import serverMessages from './scripts/lingui-extractor.mjs';

/**
 * The server's catalogues (docs/decisions/039): English is the source and its texts are the ids. The extractor reads
 * the whole server (and the shared schemas) from src/lib/i18n.ts, the one file it is given; `npm run i18n:extract`
 * updates the .po files, `npm run i18n:compile` writes the messages.ts the server imports (committed, so the build
 * and the tests need no step).
 */
const config: LinguiConfig = {
  locales: ['en', 'hi', 'te', 'mr'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src/lib/i18n.ts'] }],
  format: 'po',
  extractors: [serverMessages],
  compileNamespace: 'ts',
  orderBy: 'messageId',
};
export default config;
