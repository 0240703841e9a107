import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Module walls (docs/architecture.md): shared imports nothing of ours; the web never imports the server; web features
 * stay apart; server modules and flows reach a module only through its service.ts (nirmaan/service-only,
 * at any folder depth), modules import nothing from plugins/, routes reach SQL only through their service, and
 * modules and flows form no import cycle (nirmaan/no-module-cycle). See docs/architecture.md.
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
 * No import cycles between the server's modules and flows (decision 014). Each module folder is one node (its
 * routes files are the HTTP edge, nodes of their own that nothing but app.ts imports), each flow file is one. The
 * graph is read once per lint run from the import specifiers of the files on disk, so the rule costs a few ms.
 */
const serverSrc = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'apps/server/src');
function nodeOf(file) {
  const rel = path.relative(serverSrc, file).split(path.sep);
  if (rel[0] === 'flows') return `flows/${rel[1]}`;
  if (rel[0] === 'modules' && rel.length > 2) return /routes\.ts$/.test(rel.at(-1)) ? `modules/${rel[1]}/${rel.at(-1)}` : `modules/${rel[1]}`;
  return null;
}
let moduleGraph;
function readModuleGraph() {
  const graph = new Map();
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  for (const file of [...walk(path.join(serverSrc, 'modules')), ...walk(path.join(serverSrc, 'flows'))]) {
    const from = nodeOf(file);
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const to = nodeOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}
function pathBetween(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of graph.get(route.at(-1)) ?? []) {
      if (next === goal) return [...route, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}
const moduleCycles = {
  rules: {
    'service-only': {
      meta: { type: 'problem', messages: { wall: '{{from}} imports {{file}}: another module is reached only through its service.ts.' }, schema: [] },
      create(context) {
        const own = path.relative(serverSrc, context.filename).split(path.sep);
        const check = (node) => {
          if (typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
          const target = path.relative(serverSrc, path.resolve(path.dirname(context.filename), node.source.value)).split(path.sep);
          if (target[0] !== 'modules' || target.length < 3) return;
          if (own[0] === 'modules' && own[1] === target[1]) return;
          if (target.length === 3 && target[2] === 'service.ts') return;
          context.report({ node, messageId: 'wall', data: { from: own.join('/'), file: target.join('/') } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    'no-module-cycle': {
      meta: { type: 'problem', messages: { cycle: 'Import cycle between modules: {{cycle}}. Modules are leaves; compose them in src/flows.' }, schema: [] },
      create(context) {
        const from = nodeOf(context.filename);
        if (!from) return {};
        moduleGraph ??= readModuleGraph();
        const check = (node) => {
          if (typeof node.source?.value !== 'string' || !node.source.value.startsWith('.')) return;
          const to = nodeOf(path.resolve(path.dirname(context.filename), node.source.value));
          if (!to || to === from) return;
          const back = pathBetween(moduleGraph, to, from);
          if (back) context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**', 'test-results/**'] },
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
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/flows/**/*.ts'],
    plugins: { nirmaan: moduleCycles },
    rules: { 'nirmaan/no-module-cycle': 'error', 'nirmaan/service-only': 'error' },
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
