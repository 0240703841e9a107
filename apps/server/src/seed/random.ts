/**
 * A small seeded PRNG (mulberry32) so the demo catalogue comes out the same on every run:
 * the same names, prices, ids and dates, on PGlite and on PostgreSQL alike.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `weighted([[5, 0.5], [4, 0.3], …])`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /** A version-4-shaped UUID drawn from the stream, so ids are stable across re-seeds. */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 4; i++) hex.push(Math.floor(this.next() * 2 ** 32).toString(16).padStart(8, '0'));
    const h = hex.join('');
    const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Rounds a price the way Indian shops write them: to 5 under ₹1,000, to 10, 50 or 100 above. */
export function roundPrice(value: number): number {
  const step = value < 100 ? 1 : value < 1_000 ? 5 : value < 10_000 ? 10 : value < 50_000 ? 50 : 100;
  return Math.max(step, Math.round(value / step) * step);
}

/** The fixed "today" of the demo data; every created_at is an offset back from it. */
export const SEED_BASE_DATE = new Date('2026-11-01T10:00:00+05:30');

const DAY_MS = 86_400_000;

/** A moment `days` (fractional allowed) before the base date, at a daytime hour picked from `rng`. */
export function daysBeforeBase(rng: Random, days: number): Date {
  const minutes = rng.int(0, 10 * 60);
  return new Date(SEED_BASE_DATE.getTime() - days * DAY_MS - minutes * 60_000);
}

export function daysBetween(later: Date, earlier: Date): number {
  return Math.floor((later.getTime() - earlier.getTime()) / DAY_MS);
}
