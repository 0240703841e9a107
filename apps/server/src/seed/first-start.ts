import { existsSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { commissionRates, customers, operators, productReviews, products, projects, seedRuns, vendorPayoutAccounts, vendorReviews, vendors } from '../db/schema/index.ts';

/**
 * The first start's data directory (decision record 028): `npm run build` migrates and seeds a PGlite database
 * once and keeps its data directory beside the server bundle (dist/first-start-data, not committed), so a first
 * start on an empty DATA_DIR copies it instead of running PGlite's initdb, every migration and the seed. Newer
 * migrations (none, from the same build) still apply after it; PostgreSQL always migrates and seeds.
 */
export const FIRST_START_DIR = 'first-start-data';

/** The build's data directory beside the running bundle (dist/), or null: from src/ (development, tests) there is none. */
export function firstStartDir(bundleDir: string): string | null {
  const dir = path.join(bundleDir, FIRST_START_DIR);
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

/** The tables the seed fills: the columns it left to now() are the only ones that hold the seed's moment. */
const SEEDED: PgTable[] = [customers, vendors, products, projects, productReviews, vendorReviews, operators, vendorPayoutAccounts, commissionRates, seedRuns];

/**
 * After copying the build's data directory: the times the seed left to the database (now(): approval and update times, the
 * operators' and the seed run's creation) were the build's; they become this first start's, as a seed run now
 * would have made them. The seed ran in one transaction, so each of them equals the seed run's time exactly (to
 * the microsecond), and no date the seed sets itself (all relative to SEED_BASE_DATE) does.
 */
export async function restampSeedTimes(db: Db) {
  await db.transaction(async (tx) => {
    const [run] = await tx.select({ at: sql<string>`${seedRuns.createdAt}::text` }).from(seedRuns).limit(1);
    const at = run?.at;
    if (!at) return;
    // One statement per table, over the columns that hold the seed's moment (many rows hold it in none of them).
    for (const table of SEEDED) {
      const names = Object.values(getTableColumns(table))
        .filter((column) => column.getSQLType() === 'timestamp with time zone')
        .map((column) => sql.identifier(column.name));
      if (names.length === 0) continue;
      const sets = sql.join(names.map((name) => sql`${name} = case when ${name} = ${at}::timestamptz then now() else ${name} end`), sql`, `);
      const holds = sql.join(names.map((name) => sql`${name} = ${at}::timestamptz`), sql` or `);
      await tx.execute(sql`update ${sql.identifier(getTableName(table))} set ${sets} where ${holds}`);
    }
  });
}
