/**
 * `npm run bench:search`: latency of the header search on the built server, one request at a time, for common,
 * rare and misspelt terms: `/api/search/suggest?q=` (as you type) and `/fetch?category=` (the results page).
 * Every request is uncached: each URL is new (the next term, or a term again in another letter case, which is
 * the very same query to the database). p50 and p95 per class.
 *
 * Meant for `DATABASE_URL=…/nirmaan_bench_1m npm run bench:search` (1M products from `npm run seed:large`);
 * without DATABASE_URL it runs on PGlite with the demo catalogue. BENCH_SEARCH_REQUESTS (default 200) per class.
 */
import { pathToFileURL } from 'node:url';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared';
import { ALL_MATERIALS } from '../apps/server/src/seed/build-products.ts';
import {
  caseVariant, cores, engineOf, getJson, percentile, printTable, requireBuild, round1, startServer, tempDataDir, typo, writeResult,
} from './lib.ts';

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);

/** Words by how many product lines carry them: common ones are in many lines, rare ones in a single line. */
export function termClasses() {
  const lines = new Map<string, number>();
  for (const group of ALL_MATERIALS) {
    for (const line of group.lines) {
      const words = new Set(`${line.name} ${line.brand ?? ''}`.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 4));
      for (const w of words) lines.set(w, (lines.get(w) ?? 0) + 1);
    }
  }
  const categories = new Set(MATERIAL_CATEGORIES.flatMap((c) => [c.name.toLowerCase(), ...c.name.toLowerCase().split(/\s+/)]));
  const byCount = [...lines.entries()].filter(([w]) => !categories.has(w));
  const common = byCount.filter(([, n]) => n >= 6).sort((a, b) => b[1] - a[1]).map(([w]) => w).slice(0, 20);
  const rare = byCount.filter(([w, n]) => n === 1 && w.length >= 6).map(([w]) => w).slice(0, 40);
  const known = new Set(lines.keys());
  const misspelt = [...common, ...rare.slice(0, 20)].flatMap((w, i) => [typo(w, i), typo(w, i + 1)]).filter((t) => !known.has(t) && !categories.has(t));
  return { common, rare, misspelt: [...new Set(misspelt)] };
}

async function timeSequential(base: string, paths: string[]) {
  const ms: number[] = [];
  let hits = 0;
  let results = 0;
  let empty = 0;
  for (const p of paths) {
    const t = performance.now();
    const res = await fetch(`${base}${p}`);
    const body = await res.json() as unknown;
    ms.push(performance.now() - t);
    if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${JSON.stringify(body)}`);
    if (res.headers.get('x-cache') === 'hit') hits += 1;
    const n = Array.isArray(body) ? body.length : (body as { suggestions: unknown[] }).suggestions.length;
    results += n;
    if (n === 0) empty += 1;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    requests: paths.length, p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), max: round1(sorted[sorted.length - 1] ?? NaN),
    meanResults: round1(results / paths.length), emptyAnswers: empty, cacheHits: hits,
  };
}

export async function benchSearch(opts: { databaseUrl?: string | undefined } = {}) {
  requireBuild();
  const engine = engineOf(opts.databaseUrl);
  const data = tempDataDir();
  const server = await startServer({ dataDir: data.dir, databaseUrl: opts.databaseUrl });
  try {
    const { base } = server;
    const counts = await getJson<{ total: number; totalIsCapped: boolean }>(`${base}/api/products?category=&limit=1`);
    const classes = termClasses();
    // Warm up the connection pool and the JIT on terms outside the measured sets.
    for (const w of ['warmup', 'zzzz', 'grout']) await fetch(`${base}/fetch?category=${w}${Date.now()}`);
    const rows: Record<string, unknown>[] = [];
    for (const [cls, terms] of Object.entries(classes)) {
      const stream = Array.from({ length: REQUESTS }, (_, n) => {
        const term = terms[n % terms.length]!;
        const round = Math.floor(n / terms.length);
        return encodeURIComponent(round === 0 ? term : caseVariant(term, round));
      });
      for (const [endpoint, pathOf] of [
        ['/api/search/suggest?q=', (t: string) => `/api/search/suggest?q=${t}`],
        ['/fetch?category=', (t: string) => `/fetch?category=${t}`],
      ] as const) {
        rows.push({ class: cls, endpoint, terms: terms.length, example: terms.slice(0, 4).join(', '), ...(await timeSequential(base, stream.map(pathOf))) });
      }
    }
    const result = { products: counts.total, productsCapped: counts.totalIsCapped, requestsPerClass: REQUESTS, classes, search: rows };
    const file = writeResult('search', engine, result);
    printTable(`bench:search on ${engine} (${cores()} cores; ${counts.total.toLocaleString('en')}${counts.totalIsCapped ? '+' : ''} products; ${REQUESTS} sequential uncached requests per class)`,
      rows.map((r) => ({
        class: String(r.class), endpoint: String(r.endpoint), 'p50 ms': Number(r.p50), 'p95 ms': Number(r.p95), 'max ms': Number(r.max),
        'mean results': Number(r.meanResults), 'empty': Number(r.emptyAnswers), 'cache hits': Number(r.cacheHits),
      })));
    for (const [cls, terms] of Object.entries(classes)) console.log(`  ${cls}: ${terms.slice(0, 8).join(', ')}${terms.length > 8 ? ', …' : ''}`);
    console.log(`\nwrote ${file}`);
    return result;
  } finally {
    await server.stop();
    data.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchSearch({ databaseUrl: process.env.DATABASE_URL }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
