import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The source entry points `npm run build` also bundles (apps/server/scripts/build.mjs), and their bundles. */
const BUNDLED: Record<string, string> = {
  'apps/server/src/server.ts': 'apps/server/dist/server.js',
  'apps/server/src/seed/cli.ts': 'apps/server/dist/seed.js',
  'apps/server/src/cli/gst-report.ts': 'apps/server/dist/gst-report.js',
  'apps/server/src/cli/commission-set.ts': 'apps/server/dist/commission-set.js',
  'apps/server/src/cli/operator-create.ts': 'apps/server/dist/operator-create.js',
  'apps/server/src/cli/vendor-approve.ts': 'apps/server/dist/vendor-approve.js',
};

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

let sourcesChanged: number | undefined;

/**
 * The node arguments that run `script` (a path from the repository root): its bundle when `npm run build` made one
 * after the last change to the server's or the shared package's sources (npm test builds before the API tests), so a
 * child process starts in a fraction of the time tsx takes to compile it; else the source through tsx, as before.
 */
export function nodeArgs(script: string): string[] {
  const bundle = BUNDLED[script];
  if (bundle && existsSync(path.join(repoRoot, bundle))) {
    sourcesChanged ??= Math.max(...['apps/server/src', 'packages/shared/src'].map((dir) => newestSource(path.join(repoRoot, dir))));
    if (statSync(path.join(repoRoot, bundle)).mtimeMs > sourcesChanged) return ['--enable-source-maps', bundle];
  }
  return ['--import', 'tsx', script];
}
