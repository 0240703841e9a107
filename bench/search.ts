/**
 * `npm run bench:search`: the header search on the built server, every request uncached: each URL is new (the
 * next term, or a term again in another letter case, which is the very same query to the database).
 *
 * 1. Throughput against `/api/ping`: autocannon at BENCH_SEARCH_CONNECTIONS (default 10) alternates a ping phase
 *    and an ever-new-term `/fetch?category=` phase, A-B-A-B (BENCH_SEARCH_ROUNDS, default 2, of
 *    BENCH_SEARCH_SECONDS, default 5, each), and reports searches per second as a share of pings per second.
 *    Then BENCH_SEARCH_SEQUENTIAL (default 300) uncached searches one at a time: the per-search median and p99.
 *    With BENCH_BASELINE=<another checkout, built> its server runs beside this one and takes its turns in the same
 *    rounds (baseline A-B, this A-B, and again), so a before/after pair shares the machine's moment.
 * 2. Latency per class of term, one request at a time, for common, rare and misspelt terms:
 *    `/api/search/suggest?q=` (as you type) and `/fetch?category=` (the results page), p50 and p95 per class
 *    (BENCH_SEARCH_REQUESTS, default 200, per class; 0 skips it).
 *
 * Meant for PGlite with the demo catalogue (no DATABASE_URL) and for `DATABASE_URL=…/nirmaan_bench_1m npm run
 * bench:search` (1M products from `npm run seed:large`).
 */
import { pathToFileURL } from 'node:url';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared';
import { ALL_MATERIALS } from '../apps/server/src/seed/build-products.ts';
import { searchTerms, termStream } from './api.ts';
import {
  caseVariant, cores, engineOf, getJson, load, percentile, printTable, requireBuild, round1, startServer, tempDataDir, typo, writeResult,
  type Server,
} from './lib.ts';

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 2);
const SEQUENTIAL = Number(process.env.BENCH_SEARCH_SEQUENTIAL ?? 300);
const BASELINE = process.env.BENCH_BASELINE;

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

/** One server under test: its own data directory and its own ever-new term stream. */
interface Subject { label: string; server: Server; remove(): void; nextTerm: () => string; phases: { ping: number[]; search: number[] }; latency: number[] }

async function startSubject(label: string, databaseUrl: string | undefined, checkout?: string): Promise<Subject> {
  const data = tempDataDir();
  try {
    const server = await startServer({ dataDir: data.dir, databaseUrl, ...(checkout ? { checkout } : {}) });
    // Each server walks the same terms in the same order; the response cache of one never serves the other.
    const stream = termStream(searchTerms(), 0);
    return { label, server, remove: data.remove, nextTerm: () => `/fetch?category=${encodeURIComponent(stream())}`, phases: { ping: [], search: [] }, latency: [] };
  } catch (err) {
    data.remove();
    throw err;
  }
}

/** A-B-A-B: ping, then ever-new searches, in turns, each subject taking its turn in every round. */
async function throughput(subjects: Subject[]) {
  for (const s of subjects) {
    await load(s.server.base, () => '/api/ping', { connections: CONNECTIONS, seconds: 1, pid: s.server.pid });
    await load(s.server.base, s.nextTerm, { connections: CONNECTIONS, seconds: 1, pid: s.server.pid });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of subjects) {
      s.phases.ping.push((await load(s.server.base, () => '/api/ping', { connections: CONNECTIONS, seconds: SECONDS, pid: s.server.pid })).rps);
      s.phases.search.push((await load(s.server.base, s.nextTerm, { connections: CONNECTIONS, seconds: SECONDS, pid: s.server.pid })).rps);
    }
  }
}

/** Uncached searches one at a time, the subjects taking turns request by request. */
async function sequential(subjects: Subject[]) {
  for (let n = 0; n < SEQUENTIAL; n++) {
    for (const s of subjects) {
      const path = s.nextTerm();
      const t = performance.now();
      const res = await fetch(`${s.server.base}${path}`);
      await res.arrayBuffer();
      s.latency.push(performance.now() - t);
      if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
      if (res.headers.get('x-cache') === 'hit') throw new Error(`GET ${path} was a cache hit: the stream is not ever-new`);
    }
  }
}

async function benchThroughput(databaseUrl: string | undefined) {
  const subjects: Subject[] = [];
  try {
    if (BASELINE) subjects.push(await startSubject('baseline', databaseUrl, BASELINE));
    subjects.push(await startSubject('this build', databaseUrl));
    await throughput(subjects);
    await sequential(subjects);
  } finally {
    for (const s of subjects) {
      await s.server.stop();
      s.remove();
    }
  }
  return subjects.map((s) => {
    const sorted = [...s.latency].sort((a, b) => a - b);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return {
      build: s.label, pingRps: s.phases.ping, searchRps: s.phases.search,
      searchOfPing: +(sum(s.phases.search) / sum(s.phases.ping)).toFixed(3),
      sequential: { requests: sorted.length, p50: round1(percentile(sorted, 50)), p99: round1(percentile(sorted, 99)) },
    };
  });
}

export async function benchSearch(opts: { databaseUrl?: string | undefined } = {}) {
  requireBuild();
  const engine = engineOf(opts.databaseUrl);
  const ratio = await benchThroughput(opts.databaseUrl);
  printTable(`bench:search on ${engine}: uncached /fetch?category=<ever-new term> against /api/ping (${cores()} cores; ${CONNECTIONS} connections; `
    + `${ROUNDS} rounds of ${SECONDS} s ping, ${SECONDS} s search; then ${SEQUENTIAL} searches one at a time)`,
  ratio.map((r) => ({
    build: r.build, 'ping req/s': r.pingRps.join(' / '), 'search req/s': r.searchRps.join(' / '), 'search of ping': r.searchOfPing.toFixed(3),
    'one at a time p50 ms': r.sequential.p50, 'p99 ms': r.sequential.p99,
  })));
  if (REQUESTS <= 0) {
    const file = writeResult('search', engine, { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, baseline: BASELINE ?? null, throughput: ratio });
    console.log(`\nwrote ${file}`);
    return { throughput: ratio };
  }
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
    const result = {
      products: counts.total, productsCapped: counts.totalIsCapped,
      throughput: { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, baseline: BASELINE ?? null, builds: ratio },
      requestsPerClass: REQUESTS, classes, search: rows,
    };
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
