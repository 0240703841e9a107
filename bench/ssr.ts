/**
 * `npm run bench:ssr`: server-rendered public pages (docs/decisions/023) on the built server.
 *   - a cached product page load (HTML from the response cache) as a ratio of `/api/ping` (target ≥ 0.5);
 *   - uncached product page loads, a different product each time, on one connection (the render's own latency,
 *     target p99 ≤ 25 ms) and on four (the same under concurrency), with the server's CPU time per page (its own
 *     cost, which a loaded machine does not inflate as it does the wall time);
 *   - the whole sitemap (the index and every child) streamed once: time, bytes, URLs and the server's peak RSS.
 * PGlite (default) on the demo catalogue; `DATABASE_URL=…/nirmaan_bench_1m npm run bench:ssr` against a database
 * filled by `npm run seed:large` (only read). BENCH_SECONDS (default 5) per timed run, BENCH_UNCACHED_PAGES (default 1,000)
 * per uncached run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  cores, cpuMs, engineOf, getJson, load, printTable, requireBuild, root, rssMB, startServer, tempDataDir, writeResult, type Server,
} from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Uncached product pages per run (each a different product). */
const UNCACHED_PAGES = Number(process.env.BENCH_UNCACHED_PAGES ?? 1000);
const PAGE_LOAD = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' };
const CATEGORIES = ['Cement', 'Steel', 'Bricks', 'Sand', 'Tiles', 'Paints', 'Plumbing', 'Electrical'];

/** Up to `want` product ids, a page of each category at a time. */
async function productIds(base: string, want: number): Promise<string[]> {
  const ids: string[] = [];
  for (const category of CATEGORIES) {
    let cursor: string | null = null;
    while (ids.length < want) {
      const page: { items: { _id: string }[]; nextCursor: string | null } =
        await getJson(`${base}/api/products?category=${category}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.items.map((p) => p._id));
      cursor = page.nextCursor;
      if (!cursor || ids.length >= (want * (CATEGORIES.indexOf(category) + 1)) / CATEGORIES.length) break;
    }
  }
  return [...new Set(ids)];
}

/** Reads the index and every child sitemap in turn, sampling the server's RSS. */
async function streamSitemap(base: string, pid: number) {
  let peak = rssMB(pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssMB(pid)); }, 100);
  const before = rssMB(pid);
  const started = performance.now();
  let bytes = 0;
  let urls = 0;
  let maxUrlsInOne = 0;
  try {
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    bytes += index.length;
    const indexMs = performance.now() - started;
    const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    for (const child of children) {
      const res = await fetch(`${base}${child.pathname}${child.search}`);
      let inThis = 0;
      const decoder = new TextDecoder();
      const reader = res.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        bytes += part.value.length;
        inThis += decoder.decode(part.value, { stream: true }).split('<url>').length - 1;
      }
      urls += inThis;
      maxUrlsInOne = Math.max(maxUrlsInOne, inThis);
    }
    return {
      children: children.length, urls, maxUrlsInOneSitemap: maxUrlsInOne, megabytes: +(bytes / 1e6).toFixed(1),
      indexMs: Math.round(indexMs), totalMs: Math.round(performance.now() - started), rssBeforeMB: before, rssPeakMB: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchSsr(opts: { databaseUrl?: string | undefined } = {}) {
  requireBuild(path.join(root, 'apps/web/dist-ssr/entry-server.js'));
  const engine = engineOf(opts.databaseUrl);
  const data = tempDataDir();
  let server: Server | undefined;
  try {
    server = await startServer({ dataDir: data.dir, databaseUrl: opts.databaseUrl });
    const { base, pid } = server;
    const ids = await productIds(base, 4000);
    if (ids.length === 0) throw new Error('the catalogue has no products');
    const counts = await getJson<{ total: number; totalIsCapped: boolean }>(`${base}/api/products?category=&limit=1`);

    // Warm: the page's chunk, the cached page, the JIT.
    for (const id of ids.slice(0, 20)) await fetch(`${base}/product/${id}`, { headers: PAGE_LOAD });
    const cachedId = ids[0]!;
    await load(base, () => '/api/ping', { connections: 10, seconds: 1, pid });

    const ping = await load(base, () => '/api/ping', { connections: 10, seconds: SECONDS, pid });
    const cached = await load(base, () => `/product/${cachedId}`, { connections: 10, seconds: SECONDS, pid, headers: PAGE_LOAD });
    // Each product once at most, so every request renders: a fixed number of pages per run (autocannon's
    // `amount`, which ends the run instead of the clock), the second run (4 connections, the render under
    // concurrency) on the ids the first left.
    const perRun = Math.max(4, Math.min(UNCACHED_PAGES, Math.floor((ids.length - 20) / 2)));
    let n = 20;
    const uncachedRun = async (connections: number) => {
      const cpuBefore = cpuMs(pid);
      const run = await load(base, () => `/product/${ids[n++ % ids.length]}`, { connections, seconds: SECONDS, pid, headers: PAGE_LOAD, amount: perRun });
      return { ...run, serverCpuMsPerPage: +((cpuMs(pid) - cpuBefore) / Math.max(1, run.requests)).toFixed(2) };
    };
    const uncached = await uncachedRun(1);
    const uncached4 = await uncachedRun(4);
    const uncachedSent = uncached.requests + uncached4.requests;
    const sitemap = await streamSitemap(base, pid);

    const result = {
      seconds: SECONDS,
      products: counts.total, productsCapped: counts.totalIsCapped, distinctProductPages: ids.length, uncachedRequests: uncachedSent,
      ping, cachedProductPage: { ...cached, ofPing: +(cached.rps / ping.rps).toFixed(3) }, uncachedProductPage: uncached, uncachedProductPage4: uncached4, sitemap,
      note: uncachedSent > ids.length ? 'more requests than distinct pages: some uncached requests were cache hits' : undefined,
    };
    const file = writeResult('ssr', engine, result);
    const total = `${counts.total.toLocaleString('en')}${counts.totalIsCapped ? '+' : ''}`;
    printTable(`bench:ssr on ${engine} (${cores()} cores; ${total} products; ${SECONDS} s per run)`, [
      { call: 'GET /api/ping (no I/O)', conns: 10, 'req/s': ping.rps, 'of ping': '1.00', 'p50 ms': ping.p50, 'p99 ms': ping.p99, errors: ping.errors, 'server CPU ms/page': '' },
      { call: 'page load /product/{id} (cached HTML)', conns: 10, 'req/s': cached.rps, 'of ping': result.cachedProductPage.ofPing.toFixed(2), 'p50 ms': cached.p50, 'p99 ms': cached.p99, errors: cached.errors },
      { call: 'page load /product/{id} (uncached render)', conns: 1, 'req/s': uncached.rps, 'of ping': (uncached.rps / ping.rps).toFixed(2), 'p50 ms': uncached.p50, 'p99 ms': uncached.p99, errors: uncached.errors, 'server CPU ms/page': uncached.serverCpuMsPerPage },
      { call: 'page load /product/{id} (uncached render)', conns: 4, 'req/s': uncached4.rps, 'of ping': (uncached4.rps / ping.rps).toFixed(2), 'p50 ms': uncached4.p50, 'p99 ms': uncached4.p99, errors: uncached4.errors, 'server CPU ms/page': uncached4.serverCpuMsPerPage },
    ]);
    printTable('sitemap, streamed whole', [
      { figure: 'child sitemaps', value: sitemap.children },
      { figure: 'URLs (most in one sitemap)', value: `${sitemap.urls} (${sitemap.maxUrlsInOneSitemap})` },
      { figure: 'MB sent', value: sitemap.megabytes },
      { figure: 'index ms', value: sitemap.indexMs },
      { figure: 'all ms', value: sitemap.totalMs },
      { figure: 'server RSS before → peak (MB)', value: `${sitemap.rssBeforeMB} → ${sitemap.rssPeakMB}` },
    ]);
    console.log(`\nwrote ${file}`);
    return result;
  } finally {
    await server?.stop();
    data.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchSsr({ databaseUrl: process.env.DATABASE_URL }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
