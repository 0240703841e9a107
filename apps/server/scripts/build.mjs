// Bundles the server into dist/server.js for `npm start`: plain JavaScript, no compiler at run time.
// npm dependencies stay external (installed beside it); the workspace's own TypeScript (@nirmaan/shared) is bundled in.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@nirmaan/'));

await build({
  entryPoints: [new URL('../src/server.ts', import.meta.url).pathname],
  outfile: new URL('../dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The first start's data directory (decision record 026): migrated and seeded once here, copied by a first start
// on an empty DATA_DIR instead of an initdb, the migrations and the seed. Not committed (dist/ is ignored).
execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/seed/first-start-build.ts', import.meta.url)), fileURLToPath(new URL('../dist/first-start-data', import.meta.url))], {
  stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)),
});
