import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:3000';
const apiPaths = [
  '/api', '/fetch', '/related-products', '/profesionaldetails', '/images', '/healthz', '/dev',
  '/sendotp', '/verifyotp', '/login-with-otp', '/google-login', '/profiledata', '/myprofile', '/carts', '/delete',
  '/ordercart', '/orderdetails', '/review', '/socket.io',
];

/**
 * React, and the two small modules the entry shares with the public pages' common chunk (the API client that
 * refusals and delivery quotes use, and the shared language list): left to itself the bundler gives each of those two
 * a chunk of its own of a few hundred bytes that every page loads, and the product page's scripts passed 8.
 */
const ENTRY_BESIDE = new RegExp([
  String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]`,
  String.raw`apps[\\/]web[\\/]src[\\/]lib[\\/]api\.ts$`,
  String.raw`packages[\\/]shared[\\/]src[\\/]i18n\.ts$`,
].join('|'));

/** The modules of the public pages' small shared chunks (see `codeSplitting` below). */
const PUBLIC_COMMON = new RegExp([
  String.raw`packages[\\/]shared[\\/]src[\\/](dates|messages|money|quantity-breaks)\.ts$`,
  String.raw`apps[\\/]web[\\/]src[\\/]lib[\\/](format|refusal|use-settled|terms|customer-messages|delivery|delivery-reasons|message-templates)\.ts$`,
  String.raw`apps[\\/]web[\\/]src[\\/]components[\\/]bulk-quotes-link\.tsx$`,
  String.raw`apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](states|stars|rating-summary|product-card-media|verified-badge)\.tsx$`,
  String.raw`@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](use(Base|Infinite)?Query|useMutation|(infinite)?[qQ]ueryObserver|mutationObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense)\.js$`,
].join('|'));

/** What compresses: text. Fonts (woff2) and PNGs are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|svg|html|webmanifest|json|txt|xml)$/;

/**
 * Each built text file also as `.br` (brotli 11) and `.gz` (gzip 9) beside it, which the server sends as they are
 * (@fastify/static's `preCompressed`): on a phone's slow link a first visit's CSS and scripts are its bytes, and the
 * server's on-the-fly brotli (quality 4, made per request) is about a quarter larger. Kept only where it is smaller.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nirmaan:precompress',
    apply: (_config, env) => !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => COMPRESSIBLE.test(f) && !f.split(path.sep).some((part) => part.startsWith('.')));
      for (const file of files) {
        const full = path.join(outDir, file);
        if (!statSync(full).isFile()) continue;
        const raw = readFileSync(full);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${full}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${full}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  // Lingui's macros (`<Trans>`, `useLingui`'s t) become message ids at build time; `.po` imports are compiled
  // catalogues (docs/decisions/040-languages.md).
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui(), precompress()],
  server: {
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: api, ws: p === '/socket.io' }])),
  },
  // The server entry (docs/decisions/023) bundles the shared package's TypeScript; npm packages stay external.
  ssr: { noExternal: ['@nirmaan/shared', 'react-bootstrap', 'react-transition-group', '@restart/ui', '@restart/hooks', 'uncontrollable', 'dom-helpers', '@react-aria/ssr'] },
  build: {
    outDir: 'dist',
    // Read by the server to preload a rendered page's chunk with the entry.
    manifest: true,
    // A browser without modulepreload (Safari before 17) still loads each module, only later: a polyfill would
    // add to every visitor's entry.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 2048,
    chunkSizeWarningLimit: 400,
    // React in one chunk beside the entry: left to itself the bundler splits it into several small ones that every
    // page loads, each compressed on its own (decision 004's budget counts their gzip sizes one by one).
    // The small modules the public pages share (each otherwise its own chunk of a few hundred bytes) in one chunk:
    // over HTTP/1.1 a phone fetches six files at a time, and the product page's first image waited behind seventeen.
    // Only modules the entry does not import, or the entry would load them all (decision 004's budget).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: ENTRY_BESIDE, priority: 2 },
            { name: 'public-common', test: PUBLIC_COMMON, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
});
