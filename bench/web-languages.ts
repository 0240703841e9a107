/**
 * The languages' first visits (issue 33, docs/decisions/040-languages.md): Lighthouse 12 mobile on `/te/` and
 * `/hi/product/{id}`, with `/` and `/product/{id}` beside them (median of LIGHTHOUSE_RUNS runs, default 3) and the entry JavaScript's size, on the built server
 * with the demo catalogue on PGlite. `npx tsx bench/web-languages.ts` after `npm run build`.
 *
 * Each page gets a browser of its own (a fresh profile): a visit to `/te/` remembers Telugu in a cookie, which
 * Lighthouse does not clear, and `/` would then be measured as its redirect to `/te`. Simulated throttling scales
 * what the machine did, so each run's one-minute load average and Lighthouse's benchmark index of the host are
 * printed and kept beside its score.
 */
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { cores, getJson, printTable, requireBuild, root, startServer, tempDataDir, writeResult } from './lib.ts';
import { bundleSizes, lighthouseRun } from './web.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

requireBuild(path.join(root, 'apps/web/dist/index.html'));
const bundle = bundleSizes();
const data = tempDataDir();
const server = await startServer({ dataDir: data.dir });
try {
  const [product] = await getJson<{ _id: string }[]>(`${server.base}/fetch?category=Cement&limit=1`);
  if (!product) throw new Error('no Cement product in the demo catalogue');
  // English's own pages beside them, measured in the same rounds: on a shared machine the figures move with its load.
  const pages = ['/te/', `/hi/product/${product._id}`, '/', `/product/${product._id}`];
  for (const p of pages) await fetch(`${server.base}${p}`);
  const rows = [];
  const results = [];
  for (const page of pages) {
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    const runs: (Awaited<ReturnType<typeof lighthouseRun>> & { load: number })[] = [];
    try {
      while (runs.length < RUNS) {
        const load = Math.round(os.loadavg()[0]! * 10) / 10;
        runs.push({ ...(await lighthouseRun(chrome.port, `${server.base}${page}`, 'mobile')), load });
      }
    } finally {
      chrome.kill();
    }
    const mid = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    const name = page.replace(product._id, '{id}');
    rows.push({ page: name, score: mid('score'), scores: runs.map((r) => r.score).join(' '), load: runs.map((r) => r.load).join(' '),
      'bench index': runs.map((r) => r.benchmarkIndex).join(' '), SEO: mid('seo'),
      'LCP ms': mid('lcpMs'), 'TBT ms': mid('tbtMs'), CLS: mid('cls'), 'worst CLS': Math.max(...runs.map((r) => r.cls)), 'FCP ms': mid('fcpMs') });
    results.push({ page: name, score: mid('score'), runs });
  }
  const file = writeResult('web-languages', 'pglite', { bundle: { entryJs: bundle.entryJs }, lighthouse: { version: '12', preset: 'mobile', runsPerPage: RUNS, figure: 'median of the runs', pages: results } });
  printTable(`entry JS: ${bundle.entryJs.files} files, ${bundle.entryJs.rawKB} KB raw, ${bundle.entryJs.gzipKB} KB gzip -9`, []);
  printTable(`Lighthouse 12 mobile, median of ${RUNS} runs (built server, PGlite, demo catalogue; ${cores()} cores; load: each run's 1-minute load average; bench index: Lighthouse's benchmarkIndex of the host at each run, higher is faster)`, rows);
  console.log(`\nwrote ${file}`);
} finally {
  await server.stop();
  data.remove();
}
