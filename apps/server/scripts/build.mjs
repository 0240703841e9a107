// Bundles the server into dist/server.js for `npm start`: plain JavaScript, no compiler at run time.
// npm dependencies stay external (installed beside it); the workspace's own TypeScript (@nirmaan/shared) is bundled in.
// The operator commands are bundled beside it (dist/gst-report.js, …): flat, so that SERVER_ROOT (one folder up) holds
// for them too. The API tests run them from here when the bundle is newer than the sources (test/support/bundle.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@nirmaan/'));
const src = (file) => new URL(`../src/${file}`, import.meta.url).pathname;

await build({
  entryPoints: [src('server.ts'), ...['gst-report', 'commission-set', 'operator-create', 'vendor-approve'].map((name) => src(`cli/${name}.ts`)), src('seed/cli.ts')].map((file) => ({
    in: file,
    out: file.endsWith('/seed/cli.ts') ? 'seed' : file.split('/').pop().replace(/\.ts$/, ''),
  })),
  outdir: new URL('../dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The first start's data directory (decision record 028): migrated and seeded once here, copied by a first start
// on an empty DATA_DIR instead of an initdb, the migrations and the seed. Not committed (dist/ is ignored).
execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/seed/first-start-build.ts', import.meta.url)), fileURLToPath(new URL('../dist/first-start-data', import.meta.url))], {
  stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)),
});
