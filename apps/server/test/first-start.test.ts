import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { customers, products, seedRuns, vendors } from '../src/db/schema/index.ts';
import { restampSeedTimes } from '../src/seed/first-start.ts';
import { DEMO_PASSWORD, countSeeded, seed } from '../src/seed/index.ts';
import { openTestDatabase } from './support/test-db.ts';

/**
 * The first start (decision record 028): the build's migrated, seeded data directory is copied into an empty
 * DATA_DIR instead of an initdb, the migrations and the seed; the demo data is the same as a seed's, its times the
 * seed left to now() are the first start's, and a data directory that holds a database is never copied over.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'nirmaan-first-start-'));
const template = path.join(dir, 'first-start-data');
let builtBy: Date;
let fresh: Database;

beforeAll(async () => {
  // The build's own step (scripts/build.mjs runs it into dist/).
  execFileSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/seed/first-start-build.ts'), template], { stdio: 'pipe' });
  builtBy = new Date();
  fresh = await openTestDatabase();
  await seed(fresh.db);
}, 600_000);
afterAll(async () => {
  await fresh?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = async (db: Database['db']) => ({
  vendors: (await db.select({ id: vendors.id, email: vendors.email }).from(vendors).orderBy(vendors.id)),
  products: (await db.select({ id: products.id, name: products.name, pricePaise: products.pricePaise, ratingCount: products.ratingCount }).from(products).orderBy(products.id)),
  customers: (await db.select({ id: customers.id, email: customers.email, createdAt: customers.createdAt }).from(customers).orderBy(customers.id)),
});

describe('a first start on an empty data directory', () => {
  it('copies the build’s data directory: the same demo data as a seed, with the seed’s own times made now', async () => {
    const dataDir = path.join(dir, 'data-empty');
    const database = await openDatabase({ dataDir, firstStartDir: template });
    try {
      expect(database.startedFromCopy).toBe(true);
      await restampSeedTimes(database.db);
      await database.migrate();
      expect(await countSeeded(database.db)).toEqual(await countSeeded(fresh.db));
      expect(await ids(database.db)).toEqual(await ids(fresh.db));
      const [asha] = await database.db.select().from(customers).where(eq(customers.email, 'asha@demo.nirmaan.in'));
      expect(await verify(asha!.passwordHash!, DEMO_PASSWORD)).toBe(true);
      // Approval, update and seed-run times were the build's; now they are this start's, like a seed run now.
      const [run] = await database.db.select().from(seedRuns);
      expect(run!.createdAt.getTime()).toBeGreaterThanOrEqual(builtBy.getTime());
      const [oldest] = await database.db.select({ approved: sql<Date>`min(${vendors.approvedAt})`, updated: sql<Date>`min(${products.updatedAt})` }).from(vendors).crossJoin(products);
      expect(new Date(oldest!.approved).getTime()).toBeGreaterThanOrEqual(builtBy.getTime());
      expect(new Date(oldest!.updated).getTime()).toBeGreaterThanOrEqual(builtBy.getTime());
    } finally {
      await database.close();
    }
    // The next start opens what is there.
    const again = await openDatabase({ dataDir, firstStartDir: template });
    expect(again.startedFromCopy).toBe(false);
    await again.close();
  }, 240_000);

  it('never copies over a data directory that holds a database', async () => {
    const dataDir = path.join(dir, 'data-used');
    const first = await openDatabase({ dataDir, firstStartDir: template });
    await first.db.delete(seedRuns);
    await first.db.update(customers).set({ fullName: 'Asha R.' }).where(eq(customers.email, 'asha@demo.nirmaan.in'));
    await first.close();
    const database = await openDatabase({ dataDir, firstStartDir: template });
    try {
      expect(database.startedFromCopy).toBe(false);
      expect(await database.db.select().from(seedRuns)).toEqual([]);
      const [asha] = await database.db.select().from(customers).where(eq(customers.email, 'asha@demo.nirmaan.in'));
      expect(asha!.fullName).toBe('Asha R.');
    } finally {
      await database.close();
    }
  }, 240_000);
});
