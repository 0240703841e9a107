/**
 * pg_trgm's arithmetic in JavaScript, step for step (contrib/pg_trgm/trgm_op.c, PostgreSQL 15–18), so the embedded
 * engine's in-memory search index (search-index.ts) ranks exactly as the SQL it stands in for:
 *
 * - a text's words are the runs of word characters (the database's `iswalnum`), each lower-cased per character
 *   (`towlower`), padded with two spaces before and one after; a trigram is three consecutive characters of it;
 * - a trigram of three one-byte characters is those three bytes; any other is the first three bytes of the legacy
 *   CRC-32 of its UTF-8 bytes in memory order (little-endian on PGlite's wasm32): the very 24 bits pg_trgm compares;
 * - similarities are float4 (`Math.fround`), compared the way pg_trgm compares them.
 *
 * Which characters are word characters and how each lower-cases depends on the database's locale, so the caller
 * asks the database once for every character it will meet (`CharTable`) instead of guessing with JavaScript's
 * Unicode tables.
 */

/** What the database says of one character: whether pg_trgm counts it as a word character, and its lower case. */
export interface CharTable {
  isWordChar(ch: string): boolean | undefined;
  lower(ch: string): string;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** PostgreSQL's legacy CRC-32 (INIT/COMP/FIN_LEGACY_CRC32: the reflected table fed most significant byte first). */
function legacyCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = (CRC_TABLE[((crc >>> 24) ^ b) & 0xff]! ^ (crc << 8)) >>> 0;
  return (crc ^ 0xffffffff) >>> 0;
}

const encoder = new TextEncoder();

/** The 24-bit trigram pg_trgm stores for three characters (compact_trigram). */
function trigramKey(a: string, b: string, c: string): number {
  if (a.length === 1 && b.length === 1 && c.length === 1 && a < '\x80' && b < '\x80' && c < '\x80') {
    return (a.charCodeAt(0) << 16) | (b.charCodeAt(0) << 8) | c.charCodeAt(0);
  }
  const crc = legacyCrc32(encoder.encode(a + b + c));
  // CPTRGM copies the crc's first three bytes in memory: its low three bytes on a little-endian machine.
  return ((crc & 0xff) << 16) | (((crc >>> 8) & 0xff) << 8) | ((crc >>> 16) & 0xff);
}

/** The lower-cased words of a text as pg_trgm finds them (find_word + str_tolower); undefined if a character is unknown. */
function wordsOf(text: string, chars: CharTable): string[][] | undefined {
  const words: string[][] = [];
  let word: string[] = [];
  for (const ch of text) {
    const isWord = chars.isWordChar(ch);
    if (isWord === undefined) return undefined;
    if (isWord) {
      // towlower may (rarely) give more than one character: each counts in the trigrams.
      for (const lowered of chars.lower(ch)) word.push(lowered);
    } else if (word.length > 0) {
      words.push(word);
      word = [];
    }
  }
  if (word.length > 0) words.push(word);
  return words;
}

/**
 * The text's trigrams in order, duplicates kept (generate_trgm_only): what word similarity walks.
 * Undefined when the text holds a character the table does not know.
 */
export function trigramSequence(text: string, chars: CharTable): Int32Array | undefined {
  const words = wordsOf(text, chars);
  if (!words) return undefined;
  const out: number[] = [];
  for (const word of words) {
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= padded.length; i++) out.push(trigramKey(padded[i]!, padded[i + 1]!, padded[i + 2]!));
  }
  return Int32Array.from(out);
}

/** The text's distinct trigrams, sorted (generate_trgm): what `similarity` compares. */
export function trigramSet(text: string, chars: CharTable): Int32Array | undefined {
  const seq = trigramSequence(text, chars);
  return seq && Int32Array.from(new Set(seq)).sort();
}

/** CALCSML: shared over all, in float4. */
const calcSml = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/** pg_trgm's `similarity(a, b)` of two distinct sorted trigram sets (cnt_sml), float4. */
export function similarity(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      i++;
      j++;
      count++;
    }
  }
  return calcSml(count, a.length, b.length);
}

/**
 * pg_trgm's `word_similarity(term, text)` (calc_word_similarity + iterate_word_similarity, no flags): the greatest
 * similarity between the term's trigrams and a continuous extent of the text's, float4.
 * `termSet`: the term's distinct trigrams; `text`: the text's trigram sequence.
 */
export function wordSimilarity(termSet: ReadonlySet<number>, text: Int32Array): number {
  const len2 = text.length;
  // Number the text's distinct trigrams; found[j]: trigram j is one of the term's.
  const ids = new Map<number, number>();
  const trg2indexes = new Int32Array(len2);
  const found: boolean[] = [];
  for (let i = 0; i < len2; i++) {
    const t = text[i]!;
    let j = ids.get(t);
    if (j === undefined) {
      j = ids.size;
      ids.set(t, j);
      found.push(termSet.has(t));
    }
    trg2indexes[i] = j;
  }
  const ulen1 = termSet.size;
  const lastpos = new Int32Array(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const trgindex = trg2indexes[i]!;
    // Update the last position of this trigram.
    if (lower >= 0 || found[trgindex]) {
      if (lastpos[trgindex]! < 0) {
        ulen2++;
        if (found[trgindex]) count++;
      }
      lastpos[trgindex] = i;
    }
    if (!found[trgindex]) continue;
    // A trigram of the term: the extent may end here.
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to move the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpTrgindex = trg2indexes[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpTrgindex]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpTrgindex = trg2indexes[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
    }
  }
  return smlrMax;
}
