/**
 * The embedded engine's search index (docs/decisions/033): the shown catalogue as lists show it, with each
 * product's search text, and the search words, in memory; ranked with pg_trgm's own arithmetic (trigrams.ts). A
 * PGlite search by relevance then reads no SQL at all: on PGlite every statement runs in WebAssembly in the
 * server's only thread, and the trigram scan, the spelling and the page's rows were most of a search's time.
 * It answers what the SQL of repository.ts answers:
 *
 * - `spell`: what `catalogueWords` reads from search_words (the word itself, else the nearest word it begins, else
 *   the most similar word, else null);
 * - `rank` + `page`/`count`: the shown products within the relevance distance of a term (`<->>` ≤ 1 − the
 *   threshold), nearest first, filtered by price and place as `filters` does, and the page; equally near products
 *   go by id (PostgreSQL's index walk leaves their order open);
 * - `rank().matching`: the ids `%>` matches (word similarity ≥ the threshold), for orders SQL keeps.
 *
 * It is read again after every write that changes what it holds (migration 0034's triggers notify; LiveSearchIndex).
 */
import { paiseAtMost } from '@nirmaan/shared/money';
import type { Db } from '../../db/client.ts';
import { WORD_SIMILARITY_THRESHOLD } from '../../db/client.ts';
import * as repo from './repository.ts';
import { type CharTable, similarity, trigramSequence, trigramSet, wordSimilarity } from './trigrams.ts';

export interface SearchIndexSource {
  /** Every shown product as a list shows it, with its search text (lower(name || ' ' || coalesce(brand, '') || ' ' || category)). */
  products: (repo.ListedRow & { text: string })[];
  /** Every word of search_words. */
  words: string[];
  /** For every character of the texts and words: what the database says of it. */
  chars: { ch: string; isWordChar: boolean; lower: string }[];
  /** pg_trgm.word_similarity_threshold as the connection sets it ('0.45'). */
  wordSimilarityThreshold: string;
}

export interface Ranked {
  /** The products within the relevance distance, nearest first; equally near ones by id. */
  nearest: repo.ListedRow[];
  /** Ids whose word similarity reaches the threshold (the `%>` operator), in no order. */
  matching: string[];
}

/** pg_trgm.similarity_threshold's default (0.3f, kept as a double), which `%` compares with. */
const SIMILARITY_THRESHOLD = Math.fround(0.3);

/** Code point order: what `collate "C"` sorts UTF-8 text by. */
function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Posting lists: for each trigram, the indexes of the entries that hold it (each once). */
function invert(sets: Iterable<Int32Array>): Map<number, number[]> {
  const postings = new Map<number, number[]>();
  let n = 0;
  for (const set of sets) {
    for (const t of new Set(set)) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push(n);
    }
    n++;
  }
  return postings;
}

export class SearchIndex {
  private readonly chars: CharTable;
  private readonly rows: repo.ListedRow[];
  private readonly texts: Int32Array[];
  private readonly textPostings: Map<number, number[]>;
  private readonly words: string[];
  private readonly wordSet: Set<string>;
  private readonly wordTrigrams: Int32Array[];
  private readonly wordPostings: Map<number, number[]>;
  /** `%>`: word similarity ≥ the threshold (a double); relevance: float4 distance ≤ 1 − the threshold as a real. */
  private readonly matchAt: number;
  private readonly farthest: number;

  constructor(source: SearchIndexSource) {
    const table = new Map(source.chars.map((c) => [c.ch, c]));
    this.chars = { isWordChar: (ch) => table.get(ch)?.isWordChar, lower: (ch) => table.get(ch)?.lower ?? ch };
    const products = source.products.flatMap(({ text, ...row }) => {
      const seq = trigramSequence(text, this.chars);
      return seq ? [{ row, seq }] : [];
    });
    if (products.length !== source.products.length) {
      throw new Error('search index: a text holds a character the database was not asked about');
    }
    this.rows = products.map((p) => p.row);
    this.texts = products.map((p) => p.seq);
    this.textPostings = invert(this.texts);
    this.words = [...source.words].sort();
    this.wordSet = new Set(this.words);
    this.wordTrigrams = this.words.map((w) => trigramSet(w, this.chars)!);
    this.wordPostings = invert(this.wordTrigrams);
    this.matchAt = Number(source.wordSimilarityThreshold);
    this.farthest = 1 - Math.fround(this.matchAt);
  }

  get size() {
    return this.rows.length;
  }

  /** The characters of `texts` the index cannot classify (then the caller asks SQL instead). */
  knows(text: string): boolean {
    for (const ch of text) if (this.chars.isWordChar(ch) === undefined) return false;
    return true;
  }

  /** repository.catalogueWords for one word; undefined when the word holds a character the index does not know. */
  spell(word: string): string | null | undefined {
    if (this.wordSet.has(word)) return word;
    const asked = trigramSet(word, this.chars);
    if (!asked) return undefined;
    let best: { word: string; prefix: boolean; distance: number } | null = null;
    for (const i of this.spellingCandidates(word, asked)) {
      const candidate = this.words[i]!;
      const prefix = candidate.startsWith(word);
      const sml = similarity(this.wordTrigrams[i]!, asked);
      if (!prefix && !(sml >= SIMILARITY_THRESHOLD)) continue;
      const next = { word: candidate, prefix, distance: Math.fround(1 - sml) };
      if (best === null || SearchIndex.spelledBefore(next, best)) best = next;
    }
    return best?.word ?? null;
  }

  /** `order by word like w || '%' desc, word <-> w, word collate "C"`. */
  private static spelledBefore(a: { word: string; prefix: boolean; distance: number }, b: typeof a): boolean {
    if (a.prefix !== b.prefix) return a.prefix;
    if (a.distance !== b.distance) return a.distance < b.distance;
    return compareCodePoints(a.word, b.word) < 0;
  }

  /** Words that begin with `word` (a range of the sorted list) or share a trigram with it (any similarity above 0). */
  private spellingCandidates(word: string, asked: Int32Array): Set<number> {
    const out = new Set<number>();
    for (let i = this.firstAtLeast(word); i < this.words.length && this.words[i]!.startsWith(word); i++) out.add(i);
    for (const t of asked) for (const i of this.wordPostings.get(t) ?? []) out.add(i);
    return out;
  }

  private firstAtLeast(word: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The products a term finds; undefined when the term holds a character the index does not know. */
  rank(term: string): Ranked | undefined {
    const seq = trigramSequence(term, this.chars);
    if (!seq) return undefined;
    const asked = new Set(seq);
    const near: { row: repo.ListedRow; distance: number }[] = [];
    const matching: string[] = [];
    for (const i of this.rankingCandidates(asked)) {
      const sml = wordSimilarity(asked, this.texts[i]!);
      const distance = Math.fround(1 - sml);
      const row = this.rows[i]!;
      if (distance <= this.farthest) near.push({ row, distance });
      if (sml >= this.matchAt) matching.push(row.product.id);
    }
    near.sort((a, b) => a.distance - b.distance || (a.row.product.id < b.row.product.id ? -1 : a.row.product.id > b.row.product.id ? 1 : 0));
    return { nearest: near.map((n) => n.row), matching };
  }

  /** repository.listProducts by relevance: the page after `offset`, and one more row if another page follows. */
  static page(q: repo.ProductQuery, ranked: Ranked, offset: number): repo.ListedRow[] {
    return SearchIndex.filtered(q, ranked).slice(offset, offset + q.limit + 1);
  }

  /** repository.countProducts for a search: the matches within the filters, counted up to `cap` + 1. */
  static count(q: repo.ProductQuery, ranked: Ranked, cap: number): number {
    return Math.min(SearchIndex.filtered(q, ranked).length, cap + 1);
  }

  /** repository's `filters` (the rows are shown ones already): the price bound and the places. */
  private static filtered(q: repo.ProductQuery, ranked: Ranked): repo.ListedRow[] {
    const most = q.maxPrice === undefined ? undefined : paiseAtMost(q.maxPrice);
    const places = q.locations.length > 0 ? new Set(q.locations) : undefined;
    if (most === undefined && !places) return ranked.nearest;
    return ranked.nearest.filter((r) => (most === undefined || r.product.pricePaise <= most) && (!places || places.has(r.product.location)));
  }

  /**
   * Products that could reach the threshold. Word similarity is shared / (the term's + the extent's − shared)
   * trigrams, at most shared / the term's: a product holding fewer than that share of the term's trigrams cannot
   * match, and is not computed (the margin keeps float rounding on the safe side).
   */
  private rankingCandidates(asked: Set<number>): number[] {
    const shared = new Map<number, number>();
    for (const t of asked) for (const i of this.textPostings.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const least = this.matchAt * asked.size - 0.5;
    return [...shared].filter(([, n]) => n >= least).map(([i]) => i);
  }
}

/** The channel migration 0034's triggers notify when a product or seller changes what a list shows or finds. */
export const CATALOGUE_LISTED_CHANNEL = 'catalogue_listed';

/**
 * Beyond this many shown products the index stays off and searches run in SQL: an embedded catalogue is small
 * (the demo has 346), and a large one (`npm run seed:large` into PGlite) would cost seconds to read and hundreds of
 * megabytes to hold.
 */
export const IN_MEMORY_PRODUCTS_MAX = 50_000;

/**
 * Reads what the index holds: the shown products with their texts, the words, and the database's word on every
 * character in them. Null for a catalogue beyond IN_MEMORY_PRODUCTS_MAX.
 */
export async function loadSearchIndex(db: Db): Promise<SearchIndex | null> {
  if ((await repo.countShownProducts(db, IN_MEMORY_PRODUCTS_MAX)) > IN_MEMORY_PRODUCTS_MAX) return null;
  const [products, words] = [await repo.shownListedWithText(db), await repo.allSearchWords(db)];
  const seen = new Set<string>();
  for (const text of [...products.map((p) => p.text), ...words]) for (const ch of text) seen.add(ch);
  const chars = await repo.trigramCharacters(db, [...seen]);
  return new SearchIndex({ products, words, chars, wordSimilarityThreshold: WORD_SIMILARITY_THRESHOLD });
}

/**
 * One database's index, kept current: each notice of a changed product or seller counts a generation, and the index
 * answers only for the generation it was read in. A search after a write waits for a new read; searches racing
 * with it share that read. A write committed while a read runs leaves that read a generation behind, so the next
 * search reads again.
 */
export class LiveSearchIndex {
  private generation = 0;
  private built: { generation: number; index: SearchIndex | null } | null = null;
  private reading: { generation: number; index: Promise<SearchIndex | null> } | null = null;

  constructor(private readonly db: Db, private readonly load: (db: Db) => Promise<SearchIndex | null> = loadSearchIndex) {}

  /** A product or seller changed what lists show or find (a notice on CATALOGUE_LISTED_CHANNEL). */
  changed() {
    this.generation += 1;
  }

  /** The index of the catalogue as of now; null when the catalogue is too large to hold. */
  async current(): Promise<SearchIndex | null> {
    if (this.built?.generation === this.generation) return this.built.index;
    if (this.reading?.generation !== this.generation) this.reading = this.read(this.generation);
    return this.reading.index;
  }

  private read(generation: number) {
    const index = this.load(this.db).then((built) => {
      if (!this.built || this.built.generation < generation) this.built = { generation, index: built };
      return built;
    }).finally(() => {
      if (this.reading?.generation === generation) this.reading = null;
    });
    return { generation, index };
  }
}
