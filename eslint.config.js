import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Module walls (STYLE.md): shared imports nothing of ours; the web never imports the server; web features
 * stay apart; server modules reach each other only through services, import nothing from plugins/, and
 * routes reach SQL only through their service.
 */
const sharedSubpaths = { name: '@nirmaan/shared', message: 'Import a subpath (@nirmaan/shared/constants, /api, /messages…) so zod stays out of the first bundle.' };
const noServerFromWeb = { regex: 'apps/server|(^|/)server/src/', message: 'The web app talks to the server over HTTP only.' };

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));
/** For a file `depth` folders below features/, `../` × depth reaches features/: a next segment other than its own is another feature. */
const featureWalls = webFeatures.flatMap((feature) => [1, 2, 3, 4].map((depth) => ({
  files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      paths: [sharedSubpaths],
      patterns: [
        noServerFromWeb,
        {
          regex: `^(\\.\\./){${depth}}(?!${feature}/)[^/.][^/]*|(^|/)features/(?!${feature}/)`,
          message: 'Features stay apart: share through components/, lib/ or @nirmaan/shared, or compose them in app/.',
        },
      ],
    }],
  },
})));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.name='process'][property.name='env']",
        message: 'Read configuration through apps/server/src/config (the one place that reads the environment).',
      }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^@nirmaan/|^(\\.\\./)+(apps|packages|e2e)/|^\\.\\./\\.\\./\\.\\.', message: 'packages/shared imports nothing of ours: both ends import it.' }],
      }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)plugins/', message: 'Modules import nothing from plugins/: use request/app decorators, or lib/.' },
          { regex: '^\\.\\./(?!\\.)[^/]+/(?!service\\.ts$)', message: 'Modules reach each other only through their service.ts.' },
        ],
      }],
    },
  },
  {
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)plugins/', message: 'Modules import nothing from plugins/: use request/app decorators, or lib/.' },
          { regex: '^\\.\\./(?!\\.)[^/]+/(?!service\\.ts$)', message: 'Modules reach each other only through their service.ts.' },
          { regex: '(^|/)(repository|db/)', message: 'Routes reach the database only through their service.' },
          { regex: 'drizzle-orm', message: 'Routes reach the database only through their service.' },
        ],
      }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [sharedSubpaths], patterns: [noServerFromWeb] }],
    },
  },
  ...featureWalls,
  {
    // The config module, tooling and tests may read the environment.
    files: ['apps/server/src/config/**', '**/test/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.ts', 'apps/server/src/seed/cli.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
