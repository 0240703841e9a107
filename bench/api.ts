/**
 * `npm run bench:api`: the built server (`node apps/server/dist/server.js`, what `npm start` runs) in a child
 * process, driven by autocannon at 10 and 100 connections: the catalogue calls, a product, a vendor profile, an
 * uncached category page (ever-new keyset cursors), an uncached search stream (ever-new terms), each as a ratio
 * of the no-I/O `/api/ping` of the same run, with p50, p99, errors and the server's RSS.
 *
 * PGlite (default): a fresh DATA_DIR, so the first start loads the demo catalogue; also measures the first
 * start and a warm restart to the first answer. PostgreSQL: `DATABASE_URL=…/nirmaan_bench_1m npm run bench:api`
 * against a database filled by `npm run seed:large` (it is only read).
 * BENCH_SECONDS (default 5) per run; BENCH_CONNECTIONS (default 10,100).
 */
import { pathToFileURL } from 'node:url';
import { ALL_MATERIALS } from '../apps/server/src/seed/build-products.ts';
import {
  caseVariant, cores, engineOf, getJson, load, printTable, requireBuild, rssMB, startServer, tempDataDir, typo, writeResult,
  type LoadResult, type Server,
} from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);

/** Words of the catalogue's product names, adjacent pairs of them, and typos: what people type in the header. */
export function searchTerms(): string[] {
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const group of ALL_MATERIALS) {
    for (const line of group.lines) {
      const ws = line.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
      for (const w of ws) if (/^[a-z]{4,}$/.test(w)) words.add(w);
      for (let i = 0; i + 1 < ws.length; i++) pairs.add(`${ws[i]} ${ws[i + 1]}`);
    }
  }
  const real = [...words, ...pairs];
  const typos = [...words].flatMap((w) => [typo(w, 0), typo(w, 1), typo(w, 2)]);
  // Interleave real terms and misspellings.
  const out: string[] = [];
  for (let i = 0; i < Math.max(real.length, typos.length); i++) {
    if (real[i]) out.push(real[i]!);
    if (typos[i]) out.push(typos[i]!);
  }
  return [...new Set(out)];
}

/** An ever-new stream: every term once, then each again in another letter case (a new URL, the same query). */
export function termStream(terms: string[], start: number) {
  let n = start;
  return () => {
    const term = terms[n % terms.length]!;
    const round = Math.floor(n / terms.length);
    n += 1;
    return round === 0 ? term : caseVariant(term, round);
  };
}

interface Row { name: string; connections: number; result: LoadResult; ofPing: number }

export async function benchApi(opts: { databaseUrl?: string | undefined } = {}) {
  requireBuild();
  const databaseUrl = opts.databaseUrl;
  const engine = engineOf(databaseUrl);
  const data = tempDataDir();
  const startup: Record<string, number> = {};
  let server: Server | undefined;
  try {
    // First start (PGlite: a fresh directory, migrations and the demo seed), then a warm restart.
    const first = await startServer({ dataDir: data.dir, databaseUrl });
    startup[databaseUrl ? 'startOnExistingDatabaseMs' : 'firstStartWithSeedMs'] = first.startMs;
    await first.stop();
    server = await startServer({ dataDir: data.dir, databaseUrl });
    startup.warmRestartMs = server.startMs;
    const { base, pid } = server;

    const [product] = await getJson<{ _id: string }[]>(`${base}/fetch?category=Cement&limit=1`);
    const { services: [pro] } = await getJson<{ services: { _id: string }[] }>(`${base}/fetch/services?category=Plumber`);
    if (!product || !pro) throw new Error('the catalogue has no Cement product or no Plumber');
    const page = await getJson<{ total: number; totalIsCapped: boolean }>(`${base}/api/products?category=Cement&limit=1`);
    const counts = await getJson<{ total: number; totalIsCapped: boolean }>(`${base}/api/products?category=&limit=1`);

    const terms = searchTerms();
    let termOffset = 0;
    let cursorN = 0;
    const cursor = () => {
      // A keyset position inside the Cement price range (₹360–475 a bag) after an ever-new id: a page nobody asked for yet.
      const n = cursorN++;
      const id = `${(n * 2654435761 >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      return Buffer.from(JSON.stringify({ p: 360 + (n % 116), i: id })).toString('base64url');
    };
    const targets: { name: string; next: () => string; fresh?: () => () => string }[] = [
      { name: 'GET /api/ping (no I/O)', next: () => '/api/ping' },
      { name: 'GET /fetch?category=Cement (cached)', next: () => '/fetch?category=Cement' },
      { name: 'GET /fetch/services?category=Plumber (cached)', next: () => '/fetch/services?category=Plumber' },
      { name: 'GET /product/{id} (cached)', next: () => `/product/${product._id}` },
      { name: 'GET /profesionaldetails/{id} (cached)', next: () => `/profesionaldetails/${pro._id}` },
      { name: 'GET /api/products?category=Cement&cursor=… (uncached page)', next: () => `/api/products?category=Cement&cursor=${cursor()}` },
      {
        name: 'GET /fetch?category=<ever-new term> (uncached search)',
        next: () => '',
        fresh: () => {
          const stream = termStream(terms, termOffset);
          return () => {
            termOffset += 1;
            return `/fetch?category=${encodeURIComponent(stream())}`;
          };
        },
      },
    ];
    // Warm the cached answers (and the JIT) before measuring.
    for (const t of targets.slice(0, 5)) await fetch(`${base}${t.next()}`);
    await load(base, () => '/api/ping', { connections: 10, seconds: 1, pid });
    const restMB = rssMB(pid);

    const rows: Row[] = [];
    for (const connections of CONNECTIONS) {
      let ping = 0;
      for (const t of targets) {
        const result = await load(base, t.fresh ? t.fresh() : t.next, { connections, seconds: SECONDS, pid });
        if (t.name.startsWith('GET /api/ping')) ping = result.rps;
        rows.push({ name: t.name, connections, result, ofPing: ping ? +(result.rps / ping).toFixed(3) : NaN });
      }
    }
    const underLoadMB = Math.max(...rows.map((r) => r.result.rssPeakMB));
    const afterMB = rssMB(pid);
    const cacheCheck = await fetch(`${base}/fetch?category=${encodeURIComponent(`zz-check-${Date.now()}`)}`);

    const result = {
      seconds: SECONDS,
      catalogue: { products: counts.total, productsCapped: counts.totalIsCapped, cementProducts: page.total, cementCapped: page.totalIsCapped },
      startup,
      rssMB: { atRest: restMB, underLoadPeak: underLoadMB, afterLoad: afterMB },
      searchTermsAvailable: terms.length,
      searchRequestsSent: termOffset,
      uncachedSearchCheck: cacheCheck.headers.get('x-cache'),
      http: rows.map((r) => ({ name: r.name, connections: r.connections, ofPing: r.ofPing, ...r.result })),
    };
    const file = writeResult('api', engine, result);
    const capped = (n: number, c: boolean) => `${n.toLocaleString('en')}${c ? '+' : ''}`;
    printTable(`bench:api on ${engine} (${cores()} cores; ${capped(counts.total, counts.totalIsCapped)} products; ${SECONDS} s per run)`,
      rows.map((r) => ({
        call: r.name, conns: r.connections, 'req/s': r.result.rps, 'of ping': r.ofPing.toFixed(2),
        'p50 ms': r.result.p50, 'p99 ms': r.result.p99, errors: r.result.errors,
      })));
    printTable('server', [
      { figure: 'RSS at rest (MB)', value: restMB },
      { figure: 'RSS under load, peak (MB)', value: underLoadMB },
      ...Object.entries(startup).map(([k, v]) => ({ figure: `${k} (built server, to the first answer)`, value: v })),
    ]);
    console.log(`\nwrote ${file}`);
    return result;
  } finally {
    await server?.stop();
    data.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchApi({ databaseUrl: process.env.DATABASE_URL }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
