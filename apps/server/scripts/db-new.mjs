#!/usr/bin/env node
// Starts a migration: `npm run db:new -w @nirmaan/server -- <name>` writes src/db/migrations/NNNN_<name>.sql
// (the next number) and its entry in meta/_journal.json, which Drizzle's programmatic migrator reads. The SQL is
// written by hand: PostgreSQL 15 and PGlite's 18 must both accept it (docs/architecture.md, "A schema change").
// Statements in one file run in one transaction; separate them with `--> statement-breakpoint` lines.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('usage: npm run db:new -w @nirmaan/server -- <name in snake_case>');
  process.exit(1);
}
const journalPath = path.join(dir, 'meta/_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
const numbers = readdirSync(dir).filter((f) => /^\d{4}_.*\.sql$/.test(f)).map((f) => Number(f.slice(0, 4)));
const tag = `${String(Math.max(-1, ...numbers) + 1).padStart(4, '0')}_${name}`;
const last = journal.entries.at(-1);
journal.entries.push({ idx: last.idx + 1, version: last.version, when: Math.max(Date.now(), last.when + 1), tag, breakpoints: true });
writeFileSync(path.join(dir, `${tag}.sql`), `-- ${name.replaceAll('_', ' ')}: why this change is needed.\n`, { flag: 'wx' });
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`wrote src/db/migrations/${tag}.sql and its journal entry`);
