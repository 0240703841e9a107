import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/db/client.ts';
import { withDatabase } from '../global-setup.ts';
import { adminPool, FAST_COMMITS, testDatabaseName } from './postgres.ts';

/**
 * For a migration's test: the migrations folder without `tag` and anything after it (`remove()` deletes it), and a
 * fresh database on this run's engine that can be migrated with any folder, then with all (`migrate()`).
 */
export function migrationsBefore(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nirmaan-migrations-before-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first`);
  for (const e of journal.entries.slice(at)) rmSync(path.join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function freshDatabase(): Promise<Database & { migrateWith(folder: string): Promise<void>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { ...database, migrateWith: (folder) => migratePglite(database.db as never, { migrationsFolder: folder }), drop: () => database.close() };
  }
  const name = testDatabaseName();
  const admin = adminPool(url);
  await admin.query(`create database "${name}"`);
  await admin.query(FAST_COMMITS(name));
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  const drop = async () => {
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  return { ...database, migrateWith: (folder) => migratePg(database.db as never, { migrationsFolder: folder }), drop };
}

export const rowsOf = async <T>(db: Database['db'], query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
