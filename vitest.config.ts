import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';

const linguiConfig = getConfig({ configPath: 'apps/web/lingui.config.ts' });

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node', maxWorkers: 2 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Generous: CI runs the two engines' tests at once (.ci/run), and 40-request races on a loaded machine
          // have taken over 30 s. A timeout is for a hang, not a speed check (those are benchmarks).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two files at a time (on 2 cores Vitest would run one): each file has a database, a Redis prefix, temp
          // folders and ports of its own, and spends much of its time waiting on the database or a child process.
          // A group of its own, since projects sharing one must share maxWorkers. SERVER_TEST_WORKERS=1: one at a time.
          maxWorkers: Number(process.env.SERVER_TEST_WORKERS) || 2,
          // A worker runs its files one after another in one process, loading the server's modules once: importing
          // them again for every file cost more than half of a file's time. Safe because every file builds its own
          // app on its own database, the server keeps no module-level configuration, and no file mocks a module.
          // SERVER_TEST_ISOLATE=true: a fresh process per file.
          isolate: process.env.SERVER_TEST_ISOLATE === 'true',
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The web app's Lingui macros and catalogues, as its vite build compiles them (apps/web/vite.config.ts).
        plugins: [babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }), lingui({ configPath: 'apps/web/lingui.config.ts' })],
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Vitest's default on 2 cores is one file at a time (cores - 1).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time: each file but five has a server of its own, and those five share one server,
          // each with customers of its own. BROWSER_TEST_WORKERS=1: one at a time.
          maxWorkers: Number(process.env.BROWSER_TEST_WORKERS) || 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
