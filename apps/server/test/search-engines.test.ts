import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { allSearchWords, catalogueWords, shownListedWithText, trigramCharacters } from '../src/modules/catalogue/repository.ts';
import { similarity, trigramSequence, trigramSet, wordSimilarity } from '../src/modules/catalogue/trigrams.ts';
import { buildDemoData } from '../src/seed/dataset.ts';
import { seed } from '../src/seed/index.ts';
import { withDatabase } from './global-setup.ts';

/**
 * The embedded engine answers searches from its in-memory index (docs/decisions/033); PostgreSQL answers them in
 * SQL. Both hold the demo catalogue (the same ids), and the same 200 queries — words, typos, words being typed,
 * pairs, brands, categories, nonsense, with price and place filters, every order and every page — must find the
 * same products in the same order on both. Products equally near a term have no order on PostgreSQL (its index
 * walk leaves it open; the index orders them by id), so a relevance list is compared with each run of equally
 * near products in id order, after checking that each engine lists them nearest first.
 *
 * Needs PostgreSQL too: DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432, in a database of its own.
 */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const reachable = await postgresReachable();

/** Search terms people type, built from the demo catalogue's own names and brands. */
function queries(): string[] {
  const data = buildDemoData('unused');
  const words = [...new Set(data.products.flatMap((p) => `${p.name} ${p.brand ?? ''}`.toLowerCase().split(/[^a-z0-9]+/)))]
    .filter((w) => /^[a-z]{4,}$/.test(w)).sort();
  const every = (list: string[], n: number) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n);
  const picked = every(words, 60);
  const dropped = picked.slice(0, 30).map((w, i) => w.slice(0, 1 + (i % (w.length - 2))) + w.slice(2 + (i % (w.length - 2))));
  const swapped = picked.slice(20, 40).map((w) => w.slice(0, 1) + w.slice(2, 3) + w.slice(1, 2) + w.slice(3));
  const typing = picked.slice(0, 25).map((w, i) => w.slice(0, 2 + (i % 3)));
  const pairs = every(data.products.map((p) => p.name.toLowerCase().split(/\s+/).slice(0, 2).join(' ')), 20);
  const categories = MATERIAL_CATEGORIES.slice(0, 10).map((c) => (c.name.length % 2 ? c.name : c.name.toUpperCase()));
  const fixed = ['ultratek', 'cemnt', 'ultr', 'cemen', 'paint', 'tmt b', 'tiile', 'supergarde', 'qxzvjk', 'zzzz qqq', '600 mm', 'pvc', 'opc 53', 'wood', 'x'];
  return [...new Set([...picked, ...dropped, ...swapped, ...typing, ...pairs, ...categories, ...fixed])].slice(0, 170);
}

interface Engine { database: Database; app: FastifyInstance; close(): Promise<void> }

async function startApp(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}

async function pgliteEngine(): Promise<Engine> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seed(database.db);
  const app = await startApp(database);
  return { database, app, close: async () => { await app.close(); await database.close(); } };
}

async function postgresEngine(): Promise<Engine> {
  const name = `nirmaan_search_cmp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(ADMIN_URL, name) });
  await database.migrate();
  await seed(database.db);
  const app = await startApp(database);
  return {
    database, app,
    close: async () => {
      await app.close();
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

type Item = { _id: string; ProductName: string; ProductPrice: number; Vendor: { _id: string } };

async function get<T>(app: FastifyInstance, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Every page of /api/products for a query, walked to the end (limit 7: page edges fall inside runs of equal prices). */
async function allPages(app: FastifyInstance, query: string) {
  const items: Item[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let page = 0; page < 100; page++) {
    const body: { items: Item[]; total: number; nextCursor: string | null } =
      await get(app, `/api/products?${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...body.items);
    if (total === -1) total = body.total;
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return { ids: items.map((i) => i._id), total };
}

let lite: Engine;
let postgres: Engine;

/** The relevance distance (`<->>`) of each product from what a term spells in the catalogue, as PostgreSQL computes it. */
async function distances(term: string, ids: string[]): Promise<Map<string, number>> {
  const words = [...new Set(term.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2 && w.length <= 40))].slice(0, 8);
  const spelt = (await catalogueWords(postgres.database.db, words)).filter((w) => w !== null).join(' ');
  if (ids.length === 0) return new Map();
  const result = await postgres.database.db.execute(sql`select id::text as id, (lower(name || ' ' || coalesce(brand, '') || ' ' || category) <->> ${spelt})::float8 as d
    from products where id = any(${`{${ids.join(',')}}`}::uuid[])`) as unknown as { rows: { id: string; d: number }[] };
  return new Map(result.rows.map((r) => [r.id, r.d]));
}

/**
 * A relevance list with each run of equally near products in id order. A list cut at `limit` drops its last run,
 * which may go on past the cut (where each engine may cut it elsewhere).
 */
function byDistanceThenId(ids: string[], d: Map<string, number>, limit?: number): string[] {
  for (let i = 1; i < ids.length; i++) expect(d.get(ids[i]!)!, `nearest first at ${i}`).toBeGreaterThanOrEqual(d.get(ids[i - 1]!)!);
  let kept = ids;
  if (limit !== undefined && ids.length === limit) {
    const last = d.get(ids[ids.length - 1]!);
    kept = ids.filter((id) => d.get(id) !== last);
  }
  return [...kept].sort((a, b) => d.get(a)! - d.get(b)! || (a < b ? -1 : 1));
}

describe.skipIf(!reachable)('the same 200 searches on PGlite (in-memory index) and PostgreSQL (SQL)', () => {
  beforeAll(async () => {
    [lite, postgres] = await Promise.all([pgliteEngine(), postgresEngine()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([lite?.close(), postgres?.close()]);
  });

  it('finds the same products, nearest first, for /fetch and the header suggestions', async () => {
    let compared = 0;
    let found = 0;
    for (const term of queries()) {
      const url = `/fetch?category=${encodeURIComponent(term)}`;
      const [a, b] = await Promise.all([get<Item[]>(lite.app, url), get<Item[]>(postgres.app, url)]);
      const isCategory = MATERIAL_CATEGORIES.some((c) => c.name.toLowerCase() === term.toLowerCase());
      if (isCategory) {
        expect(a.map((i) => i._id), term).toEqual(b.map((i) => i._id));
      } else {
        const d = await distances(term, [...new Set([...a, ...b].map((i) => i._id))]);
        expect(byDistanceThenId(a.map((i) => i._id), d, 200), term).toEqual(byDistanceThenId(b.map((i) => i._id), d, 200));
      }
      // Suggestions: the same categories; six product names as near on both (which of equally near names
      // makes the sixth is open on PostgreSQL), and the same names nearer than the sixth.
      const suggest = `/api/search/suggest?q=${encodeURIComponent(term)}`;
      type Suggestion = { kind: string; label: string; id?: string };
      const [sa, sb] = await Promise.all([get<{ suggestions: Suggestion[] }>(lite.app, suggest), get<{ suggestions: Suggestion[] }>(postgres.app, suggest)]);
      expect(sa.suggestions.filter((s) => s.kind === 'category'), term).toEqual(sb.suggestions.filter((s) => s.kind === 'category'));
      const [pa, pb] = [sa, sb].map((x) => x.suggestions.filter((s) => s.kind === 'product'));
      const sd = await distances(term, [...pa!, ...pb!].map((s) => s.id!));
      const near = (list: Suggestion[]) => list.map((s) => sd.get(s.id!)!).sort((x, y) => x - y);
      expect(near(pa!), term).toEqual(near(pb!));
      const edge = Math.max(...near(pa!));
      const nearer = (list: Suggestion[]) => list.filter((s) => sd.get(s.id!)! < edge).map((s) => s.label).sort();
      expect(nearer(pa!), term).toEqual(nearer(pb!));
      compared += 1;
      if (a.length > 0) found += 1;
    }
    expect(compared).toBe(170);
    // Most of the terms find something: the comparison is not of empty lists.
    expect(found).toBeGreaterThan(120);
  }, 300_000);

  it('pages the same way, with the same totals, under filters and in every order', async () => {
    const data = buildDemoData('unused');
    const places = [...new Set(data.products.map((p) => p.location))].slice(0, 2);
    const terms = ['cement', 'cemnt', 'pipe', 'tile', 'ultra', 'paint', 'steel', 'brick', 'wire', 'tmt bar', 'door', 'sand', 'Cement', 'Paint'];
    const variants = [
      '', '&maxPrice=500', '&maxPrice=2000.5', `&location=${encodeURIComponent(places[0]!)}`,
      `&location=${encodeURIComponent(places[0]!)}&location=${encodeURIComponent(places[1]!)}&maxPrice=5000`,
      '&sort=price_asc', '&sort=price_desc&maxPrice=3000', '&sort=popular',
    ];
    let compared = 0;
    for (const term of terms) {
      for (const variant of variants) {
        if (compared === 30) break;
        const query = `category=${encodeURIComponent(term)}${variant}`;
        const relevance = !variant.includes('sort=') && !MATERIAL_CATEGORIES.some((c) => c.name.toLowerCase() === term.toLowerCase());
        const [a, b] = await Promise.all([allPages(lite.app, query), allPages(postgres.app, query)]);
        expect(a.total, query).toBe(b.total);
        if (relevance) {
          // The whole list in one page on both (when it fits); PGlite's pages of 7 walk exactly that list. (PostgreSQL's pages
          // may repeat or skip products equally near across a page's edge: its walk leaves their order open.)
          const whole = `/api/products?${query}&limit=100`;
          const [wa, wb] = await Promise.all([get<{ items: Item[] }>(lite.app, whole), get<{ items: Item[] }>(postgres.app, whole)]);
          const [ia, ib] = [wa.items.map((i) => i._id), wb.items.map((i) => i._id)];
          const d = await distances(term, [...new Set([...ia, ...ib])]);
          expect(byDistanceThenId(ia, d, 100), query).toEqual(byDistanceThenId(ib, d, 100));
          if (ia.length < 100) expect(a.ids, query).toEqual(ia);
        } else {
          expect(a.ids, query).toEqual(b.ids);
        }
        compared += 1;
      }
    }
    expect(compared).toBe(30);
  }, 300_000);
});

describe('pg_trgm\'s arithmetic in JavaScript (trigrams.ts) against PGlite\'s own', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seed(database.db);
  }, 180_000);
  afterAll(() => database?.close());

  async function charTable(texts: string[]) {
    const seen = new Set<string>();
    for (const text of texts) for (const ch of text) seen.add(ch);
    const table = new Map((await trigramCharacters(database.db, [...seen])).map((c) => [c.ch, c]));
    return { isWordChar: (ch: string) => table.get(ch)?.isWordChar, lower: (ch: string) => table.get(ch)?.lower ?? ch };
  }

  it('makes the trigrams show_trgm shows, multibyte ones (a 24-bit CRC) included', async () => {
    const text = 'Cemént ÜNÏCODE 600 × 250 mm — Ørsted';
    const chars = await charTable([text]);
    const shown = (await database.db.execute(sql`select show_trgm(${text}) as t`) as unknown as { rows: { t: string[] }[] }).rows[0]!.t;
    const mine = [...trigramSet(text, chars)!].map((k) => {
      const s = String.fromCharCode(k >> 16, (k >> 8) & 255, k & 255);
      return /^[ a-z0-9]{3}$/.test(s) ? s : `0x${k.toString(16).padStart(6, '0')}`;
    });
    expect(mine.sort()).toEqual([...shown].sort());
    expect(shown.some((t) => t.startsWith('0x'))).toBe(true);
  });

  it('computes word_similarity and similarity to the last bit of their float4', async () => {
    const products = await shownListedWithText(database.db);
    const words = await allSearchWords(database.db);
    const terms = ['cement', 'ultra', 'tmt bar', 'paints', 'pipe', 'block', 'tile', 'steel rod', 'asian', 'x', '600 mm', 'ultratech cement', 'bricks red', 'pvc pipe elbow'];
    const asked = ['cemnt', 'ultr', 'tiile', 'pant', 'emulsoin', 'ce', 'supergarde'];
    const chars = await charTable([...products.map((p) => p.text), ...words, ...terms, ...asked]);
    let compared = 0;
    for (const term of terms) {
      const rows = (await database.db.execute(sql`select id::text as id, word_similarity(${term}, lower(name || ' ' || coalesce(brand, '') || ' ' || category))::float8 as w
        from products`) as unknown as { rows: { id: string; w: number }[] }).rows;
      const texts = new Map(products.map((p) => [p.product.id, p.text]));
      const set = new Set(trigramSequence(term, chars)!);
      for (const row of rows) {
        if (!texts.has(row.id)) continue;
        expect(wordSimilarity(set, trigramSequence(texts.get(row.id)!, chars)!), `${term} ~ ${texts.get(row.id)}`).toBe(row.w);
        compared += 1;
      }
    }
    for (const word of asked) {
      const rows = (await database.db.execute(sql`select word, similarity(word, ${word})::float8 as s from search_words`) as unknown as { rows: { word: string; s: number }[] }).rows;
      const mine = trigramSet(word, chars)!;
      for (const row of rows) {
        expect(similarity(trigramSet(row.word, chars)!, mine), `${word} ~ ${row.word}`).toBe(row.s);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(5_000);
  }, 120_000);
});
