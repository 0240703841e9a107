/**
 * Values remembered for a while in this process, at most `max` of them (the oldest goes first). For figures
 * that may lag a little, such as a list's total while its pages are walked; not for anything a user writes.
 */
export class TtlMemo<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(private readonly opts: { ttlMs: number; max: number }) {}

  /** The remembered value of `key`, or `compute()`'s, remembered (a failure is not). Racing callers share one computation. */
  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { value, expires: now + this.opts.ttlMs });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.opts.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
