import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        paths: [{ name: '@nirmaan/shared', message: 'Import a subpath (@nirmaan/shared/constants, /api, /messages…) so zod stays out of the first bundle.' }],
      }],
    },
  },
  {
    // The config module, tooling and tests may read the environment.
    files: ['apps/server/src/config/**', '**/test/**', 'e2e/**', 'bench/**', '**/*.config.ts', 'apps/server/src/seed/cli.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
