import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { LAYERS, layerOf, nodeOf, ownsTables, pathBetween, readNodeGraph, serverSrc, throughDoor } from './scripts/layers.mjs';

/**
 * Module walls (docs/architecture.md): shared imports nothing of ours; the web never imports the server; web features
 * stay apart. On the server (decision 026) imports point down the layers entry → http → flows → modules → base
 * (nirmaan/layers; only http/ composes flows), a file outside a module (another module, a flow, http/, the entry)
 * reaches it only through its service.ts (nirmaan/service-only, at any folder depth), http/ reaches SQL only through
 * services, a module imports only its own tables' schema file and views others publish (nirmaan/own-tables,
 * decision 031), and http files, flows and module folders form no import cycle (nirmaan/no-module-cycle).
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

/**
 * The server's layers and the import graph come from scripts/layers.mjs (`npm run layers` prints them): entry → http
 * → flows → modules → base. Cycle nodes are an http file, a flow file or a whole module folder, with no special case;
 * the graph is read once per lint run from the files on disk, so the rules cost a few ms.
 */
let nodeGraph;
const layerRules = {
  rules: {
    'service-only': {
      meta: { type: 'problem', messages: { wall: '{{from}} imports {{file}}: a module is reached from outside only through its service.ts.' }, schema: [] },
      create(context) {
        const show = (file) => path.relative(serverSrc, file).split(path.sep).join('/');
        const check = (node) => {
          if (typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), node.source.value);
          if (!throughDoor(context.filename, target)) context.report({ node, messageId: 'wall', data: { from: show(context.filename), file: show(target) } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    'own-tables': {
      meta: {
        type: 'problem',
        messages: { tables: "{{from}} imports {{file}}: a module imports only its own db/schema/<module>.ts and the views others publish (db/schema/published/); lib/ and email/ only db/schema/base.ts. Call the owning module's service (decision record 031)." },
        schema: [],
      },
      create(context) {
        const show = (file) => path.relative(serverSrc, file).split(path.sep).join('/');
        const check = (node) => {
          if (typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), node.source.value);
          if (!ownsTables(context.filename, target)) context.report({ node, messageId: 'tables', data: { from: show(context.filename), file: show(target) } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    'no-module-cycle': {
      meta: { type: 'problem', messages: { cycle: 'Import cycle: {{cycle}}. Modules are leaves; compose them in src/flows.' }, schema: [] },
      create(context) {
        const from = nodeOf(context.filename);
        if (!from) return {};
        nodeGraph ??= readNodeGraph();
        const check = (node) => {
          if (typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
          const to = nodeOf(path.resolve(path.dirname(context.filename), node.source.value));
          if (!to || to === from) return;
          const back = pathBetween(nodeGraph, to, from);
          if (back) context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    layers: {
      meta: {
        type: 'problem',
        messages: {
          upward: '{{from}} ({{fromLayer}}) imports {{to}} ({{toLayer}}): imports point down, entry → http → flows → modules → base (docs/architecture.md).',
          flow: '{{from}} imports {{to}}: only http/ (and app.ts, cli/) composes flows; a module or a plugin imports no flow.',
        },
        schema: [],
      },
      create(context) {
        const fromLayer = layerOf(context.filename);
        if (!fromLayer) return {};
        const from = path.relative(serverSrc, context.filename);
        const check = (node) => {
          if (typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), node.source.value);
          const toLayer = layerOf(target);
          if (!toLayer) return;
          const data = { from, fromLayer, to: path.relative(serverSrc, target), toLayer };
          if (LAYERS.indexOf(toLayer) > LAYERS.indexOf(fromLayer)) context.report({ node, messageId: 'upward', data });
          else if (toLayer === 'flows' && fromLayer === 'http' && !from.startsWith(`http${path.sep}`)) context.report({ node, messageId: 'flow', data });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**', 'test-results/**', 'apps/server/src/locales/**', 'apps/web/src/locales/*.js'] },
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
    files: ['apps/server/src/**/*.ts'],
    plugins: { nirmaan: layerRules },
    rules: { 'nirmaan/layers': 'error', 'nirmaan/no-module-cycle': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'nirmaan/service-only': 'error', 'nirmaan/own-tables': 'error' },
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)(repository(\\.ts)?$|db/)', message: 'http/ reaches the database only through services.' },
          { regex: 'drizzle-orm', message: 'http/ reaches the database only through services.' },
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
    // Small functions (docs/architecture.md): no web function over 80 lines, counted without blank and comment
    // lines; `node scripts/long-functions.mjs` lists them the same way.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The config module, tooling and tests may read the environment.
    files: ['apps/server/src/config/**', '**/test/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.ts', 'apps/server/src/seed/cli.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
