import { constants, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../paths.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Per-connection settings. Word similarity from 0.45 lets a search for "cemnt" find "cement" (0.5) while
 * "pant" stays apart from "paints" (0.4); the `<%` operator that the trigram index serves compares against it.
 */
export const WORD_SIMILARITY_THRESHOLD = '0.45';
const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** True when this open copied the first-start data directory into an empty DATA_DIR (`firstStartDir`). */
  startedFromCopy?: boolean;
  /** Settles once the database can answer: at once for PostgreSQL, and when PGlite has started (see `deferReady`). */
  ready: Promise<void>;
  /**
   * PGlite only: calls `onNotify` after each commit that notified `channel` (LISTEN), before that write's caller
   * resumes. PostgreSQL servers have no such hook here (a pooled connection would miss notices).
   */
  listen?(channel: string, onNotify: () => void): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(SERVER_ROOT, 'src/db/migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A PGlite data-dir dump (from `dumpDataDir`) to start from. */
  loadDataDir?: Blob | File;
  /**
   * A migrated, seeded PGlite data directory (the build's, decision record 028), copied into `dataDir` when that
   * holds no database yet: checked under the data-dir lock, so a database is never copied over.
   */
  firstStartDir?: string | null | undefined;
  /**
   * Return before PGlite has started, with `ready` telling when it has. Most of PGlite's start (compiling its
   * WebAssembly, reading its files) happens off the main thread, so a start-up can build the app meanwhile; its
   * queries wait for `ready` on their own. Only for a caller that awaits `ready` before relying on the data.
   */
  deferReady?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // The PostgreSQL driver is loaded only for PostgreSQL, and PGlite's parts are what the embedded default loads.
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator'),
    ]);
    // Sent with the connection's start-up packet, so every pooled connection has it before its first query.
    const pool = new pgDriver.Pool({ connectionString: opts.databaseUrl, max: 10, options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}` });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      ready: Promise.resolve(),
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: closePool(pool),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  // One process per data directory: a second one would serve too, and one of them would lose its writes.
  // Throws DataDirLockedError when a live process holds it.
  const lock = dataDir.startsWith('memory://') ? undefined : lockDataDir(dataDir);
  let client: PGlite;
  let startedFromCopy = false;
  try {
    if (lock && opts.firstStartDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
      // A plain file copy (copy_file_range) is several times faster than PGlite's initdb, or its loadDataDir
      // writing a dump's files one by one through its file system layer.
      copyTree(opts.firstStartDir, dataDir);
      startedFromCopy = true;
    }
    client = new PGlite({
      dataDir,
      extensions: { pg_trgm },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const started = client.waitReady.then(() => client.exec(SESSION_SETTINGS));
  const ready = started.then(
    () => undefined,
    (err: unknown) => {
      lock?.release();
      throw err;
    },
  );
  if (!opts.deferReady) await ready;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    startedFromCopy,
    ready,
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Copies a directory tree file by file, keeping any file already there (the data-dir lock). `fs.cpSync` checks each
 * path several times over and took three times as long for the first start's 1,200 files.
 */
function copyTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copyTree(source, target);
      continue;
    }
    try {
      copyFileSync(source, target, constants.COPYFILE_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * `pool.end()` resolves once its connections are told to close, not once they have. Waiting for each one
 * (the pool's `remove` event) lets a caller drop or clone the database next without cutting off a
 * connection that is still closing, which the client reports as an uncaught FATAL 57P01.
 */
function closePool(pool: pg.Pool) {
  let open = 0;
  let allClosed: (() => void) | undefined;
  pool.on('connect', () => {
    open += 1;
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) allClosed?.();
  });
  return async () => {
    const closed = open === 0 ? Promise.resolve() : new Promise<void>((resolve) => { allClosed = resolve; });
    await pool.end();
    await closed;
  };
}
