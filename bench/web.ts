/**
 * `npm run bench:web`: what the first visit costs. The initial route's JavaScript and CSS from apps/web/dist
 * (the scripts and styles index.html loads, plus the landing route's chunk and the chunks it imports),
 * gzip and brotli; and Lighthouse 12 (mobile and desktop presets, performance and SEO, the median of LIGHTHOUSE_RUNS runs,
 * default 3, per page and preset)
 * on `/`, `/product?search=Cement`, `/product/{id}` and `/service?search=Plumber`, served by the built server
 * on PGlite with the demo catalogue. Chromium from CHROME_PATH (default /usr/bin/chromium), headless.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { cores, getJson, printTable, requireBuild, root, round1, startServer, tempDataDir, writeResult } from './lib.ts';

const DIST = path.join(root, 'apps/web/dist');
/** Lighthouse's simulated throttling scales what it observes: on a shared machine one run can read far worse. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Static imports of an ES chunk (`from"./x.js"`, `import"./x.js"`), followed transitively. */
function withStaticImports(files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    const code = readFileSync(path.join(DIST, f), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${m[1]}`);
  };
  files.forEach(visit);
  return [...seen];
}

export function bundleSizes() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entryJs = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const landing = readdirSync(path.join(DIST, 'assets')).filter((f) => f.startsWith('landing-page') && f.endsWith('.js')).map((f) => `assets/${f}`);
  const entryAll = withStaticImports(entryJs);
  const routeAll = withStaticImports([...entryJs, ...landing]);
  const size = (files: string[]) => {
    const bufs = files.map((f) => readFileSync(path.join(DIST, f)));
    const kb = (n: number) => round1(n / 1024);
    return {
      files: files.length,
      rawKB: kb(bufs.reduce((s, b) => s + b.length, 0)),
      gzipKB: kb(bufs.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0)),
      brotliKB: kb(bufs.reduce((s, b) => s + brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length, 0)),
    };
  };
  return {
    entryJs: { ...size(entryAll), list: entryAll },
    initialRouteJs: { ...size(routeAll), list: routeAll },
    css: { ...size(css), list: css },
  };
}

export async function benchWeb() {
  requireBuild(path.join(DIST, 'index.html'));
  const bundle = bundleSizes();
  const data = tempDataDir();
  const server = await startServer({ dataDir: data.dir });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const [product] = await getJson<{ _id: string }[]>(`${server.base}/fetch?category=Cement&limit=1`);
    if (!product) throw new Error('no Cement product in the demo catalogue');
    const pages = ['/', '/product?search=Cement', `/product/${product._id}`, '/service?search=Plumber'];
    // One visit first, so the server's caches and Chromium's first-run costs are not in the first figure.
    for (const p of pages) await fetch(`${server.base}${p}`);
    type Run = { score: number; seo: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number };
    const lighthouseRows: ({ page: string; preset: string } & Run)[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const page of pages) {
        const runs: Run[] = [];
        while (runs.length < RUNS) runs.push(await lighthouseRun(chrome.port, `${server.base}${page}`, preset));
        const mid = (key: keyof Run) => median(runs.map((r) => r[key]));
        lighthouseRows.push({
          page: page.replace(product._id, '{id}'), preset,
          score: mid('score'), seo: mid('seo'), lcpMs: mid('lcpMs'), tbtMs: mid('tbtMs'), cls: mid('cls'), fcpMs: mid('fcpMs'),
        });
      }
    }
    const result = { bundle, lighthouse: { version: '12', runsPerPage: RUNS, figure: 'median of the runs, metric by metric', pages: lighthouseRows } };
    const file = writeResult('web', 'pglite', result);
    printTable(`bench:web: initial-route assets (${cores()} cores)`, [
      { what: 'entry JS (index.html scripts + their imports)', files: bundle.entryJs.files, 'raw KB': bundle.entryJs.rawKB, 'gzip KB': bundle.entryJs.gzipKB, 'brotli KB': bundle.entryJs.brotliKB },
      { what: 'initial route JS (entry + landing chunk + its imports)', files: bundle.initialRouteJs.files, 'raw KB': bundle.initialRouteJs.rawKB, 'gzip KB': bundle.initialRouteJs.gzipKB, 'brotli KB': bundle.initialRouteJs.brotliKB },
      { what: 'CSS', files: bundle.css.files, 'raw KB': bundle.css.rawKB, 'gzip KB': bundle.css.gzipKB, 'brotli KB': bundle.css.brotliKB },
    ]);
    printTable(`Lighthouse 12, performance (${cores()} cores; built server on PGlite with the demo catalogue; median of ${RUNS} runs)`,
      lighthouseRows.map((r) => ({ page: r.page, preset: r.preset, score: r.score, SEO: r.seo, 'LCP ms': r.lcpMs, 'TBT ms': r.tbtMs, CLS: r.cls, 'FCP ms': r.fcpMs })));
    console.log(`\nwrote ${file}`);
    return result;
  } finally {
    chrome.kill();
    await server.stop();
    data.remove();
  }
}

/** One Lighthouse run; one that failed to record a trace (NO_NAVSTART, now and then) measured nothing and runs again. */
export async function lighthouseRun(port: number, url: string, preset: 'mobile' | 'desktop') {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] },
      preset === 'desktop' ? desktopConfig : undefined);
    const lhr = run?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!lhr.runtimeError) {
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')), tbtMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000, fcpMs: Math.round(audit('first-contentful-paint')),
        // Lighthouse's own measure of the host's speed at the start of the run: simulated throttling multiplies what
        // the page's tasks took here, so a low index (a loaded machine) reads as a slower page.
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
    }
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse on ${url} (${preset}): ${lhr.runtimeError.code}; running it again`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchWeb().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
