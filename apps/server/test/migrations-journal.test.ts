import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator applies the journal's entries whose `when` is later than the last one a database recorded, so
// an entry merged with an earlier `when` than its predecessor would never run on an existing database.
const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('lists every SQL file once, in order, with strictly increasing times', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i));
    const times = journal.entries.map((e) => e.when);
    times.slice(1).forEach((when, i) => expect(when).toBeGreaterThan(times[i]!));
    expect(new Set(files.map((f) => f.slice(0, 4))).size).toBe(files.length);
  });
});
