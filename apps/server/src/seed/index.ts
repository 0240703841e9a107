import { hash } from '@node-rs/argon2';
import { eq, getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { COMMISSION_DEFAULT_BPS } from '@nirmaan/shared';
import {
  commissionRates, customers, operators, professionalCalendars, productQuantityBreaks, productReviews, products, projects, seedRuns, vendorDeliverySettings, vendorPayoutAccounts, vendorReviews, vendors,
} from '../db/schema/index.ts';
import { DEMO_SELLER_EMAIL } from './data/sellers.ts';
import { DEMO_ENGINEER_EMAIL, DEMO_PRO_EMAIL } from './build-vendors.ts';
import { BULK_SELLER_EMAILS } from './build-bulk-sellers.ts';
import { DEMO_CUSTOMER_EMAIL, DEMO_FINANCE_EMAIL, DEMO_OPERATOR_EMAIL, DEMO_SUPPORT_EMAIL, buildDemoData, type DemoData } from './dataset.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_LOGINS: { role: string; email: string }[] = [
  { role: 'customer', email: DEMO_CUSTOMER_EMAIL },
  { role: 'seller (at /vendor/login)', email: DEMO_SELLER_EMAIL },
  { role: 'seller, bulk quotes (at /vendor/login)', email: BULK_SELLER_EMAILS[0] },
  { role: 'seller, bulk quotes (at /vendor/login)', email: BULK_SELLER_EMAILS[1] },
  { role: 'professional (at /vendor/login)', email: DEMO_PRO_EMAIL },
  { role: 'professional, civil engineer with site visits and multi-day jobs (at /vendor/login)', email: DEMO_ENGINEER_EMAIL },
  { role: 'operator, admin (at /ops/login)', email: DEMO_OPERATOR_EMAIL },
  { role: 'operator, support (at /ops/login)', email: DEMO_SUPPORT_EMAIL },
  { role: 'operator, finance (at /ops/login)', email: DEMO_FINANCE_EMAIL },
];

/** Bumped when the demo catalogue changes shape; recorded in seed_runs. */
export const SEED_VERSION = 'demo-2026-11-jobs';

/** Serialises concurrent seeders (several server processes starting against one PostgreSQL). */
const SEED_LOCK_KEY = 7_245_001;

/** Rows per INSERT statement; PGlite pays per statement and per bound parameter. */
const ROWS_PER_INSERT = 2_000;

export interface SeedSummary {
  customers: number;
  vendors: number;
  sellers: number;
  professionals: number;
  products: number;
  projects: number;
  productReviews: number;
  vendorReviews: number;
}

function summarize(data: DemoData): SeedSummary {
  return {
    customers: data.customers.length,
    vendors: data.vendors.length,
    sellers: data.vendors.filter((v) => v.kind === 'seller').length,
    professionals: data.vendors.filter((v) => v.kind === 'professional').length,
    products: data.products.length,
    projects: data.projects.length,
    productReviews: data.productReviews.length,
    vendorReviews: data.vendorReviews.length,
  };
}

/**
 * Inserts many rows with one statement and one parameter: the rows travel as a JSON array that
 * jsonb_populate_recordset turns back into typed rows. On PGlite this is several times faster than a
 * multi-row VALUES list with a bound parameter per cell, and it is the same SQL on PostgreSQL.
 */
export async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  // A reset keeps the operators the audit log names (deleteEverything): a demo one among them is not added twice.
  const onConflict = getTableName(table) === 'operators' ? sql` on conflict do nothing` : sql``;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT) as Record<string, unknown>[];
    const json = JSON.stringify(chunk.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null]))));
    await tx.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${json}::jsonb)${onConflict}`);
  }
}

async function insertAll(tx: Tx, data: DemoData) {
  // Placing an order needs the default commission rates: a reset emptied them with every other table.
  await tx.insert(commissionRates).values(Object.entries(COMMISSION_DEFAULT_BPS).map(([kind, rateBps]) => ({ scopeKey: `default:${kind}`, rateBps })))
    .onConflictDoNothing();
  await insertRows(tx, customers, data.customers);
  await insertRows(tx, vendors, data.vendors);
  await insertRows(tx, products, data.products);
  await insertRows(tx, productQuantityBreaks, data.quantityBreaks);
  await insertRows(tx, projects, data.projects);
  await insertRows(tx, productReviews, data.productReviews);
  await insertRows(tx, vendorReviews, data.vendorReviews);
  await insertRows(tx, operators, data.operators);
  await insertRows(tx, vendorPayoutAccounts, data.payoutAccounts);
  await insertRows(tx, vendorDeliverySettings, data.deliverySettings);
  await insertRows(tx, professionalCalendars, data.calendars);
  // The stored rating sums that catalogue reads use instead of aggregating the reviews.
  await tx.execute(sql`update products p set rating_sum = s.total, rating_count = s.n
    from (select product_id, sum(rating)::int as total, count(*)::int as n from product_reviews where hidden_at is null group by product_id) s where s.product_id = p.id`);
  await tx.execute(sql`update vendors v set rating_sum = s.total, rating_count = s.n
    from (select vendor_id, sum(rating)::int as total, count(*)::int as n from vendor_reviews where hidden_at is null group by vendor_id) s where s.vendor_id = v.id`);
  await tx.insert(seedRuns).values({ version: SEED_VERSION }).onConflictDoNothing();
}

/** Kept by a reset: the audit log is append-only (its triggers refuse TRUNCATE), and its rows name operators. */
const KEPT_ON_RESET = new Set(['audit_log', 'operators']);

/**
 * Every other table of the schema, emptied in one statement (TRUNCATE of all tables at once is FK-safe); of the
 * operators only those the audit log names stay, so it still says who did what.
 */
async function deleteEverything(tx: Tx) {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => !KEPT_ON_RESET.has(name));
  await tx.execute(sql.raw(`truncate table ${names.map((n) => `"${n}"`).join(', ')}`));
  await tx.execute(sql`delete from operators o where not exists (select 1 from audit_log a where a.operator_id = o.id)`);
}

async function lockSeed(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

/** True once a seed has completed, or when the database already holds vendors of its own. */
async function hasData(db: Db | Tx): Promise<boolean> {
  const [run] = await db.select({ version: seedRuns.version }).from(seedRuns).limit(1);
  if (run) return true;
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).limit(1);
  return vendor !== undefined;
}

/** Row counts of the tables the seed fills. */
export async function countSeeded(db: Db): Promise<SeedSummary> {
  const count = async (table: PgTable, where?: SQL) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    return Number(row?.n ?? 0);
  };
  return {
    customers: await count(customers),
    vendors: await count(vendors),
    sellers: await count(vendors, eq(vendors.kind, 'seller')),
    professionals: await count(vendors, eq(vendors.kind, 'professional')),
    products: await count(products),
    projects: await count(projects),
    productReviews: await count(productReviews),
    vendorReviews: await count(vendorReviews),
  };
}

/** Hashing is deliberately slow, so every seeded account shares one hash of the demo password. */
const hashDemoPassword = () => hash(DEMO_PASSWORD);

/**
 * Inserts the demo catalogue in one transaction. With `reset`, first deletes every row of every
 * table in that same transaction, so a failed seed leaves the old data in place. Without `reset`
 * the database must not already hold the demo rows (their emails are unique).
 */
export async function seed(db: Db, opts: { reset?: boolean } = {}): Promise<SeedSummary> {
  const data = buildDemoData(await hashDemoPassword());
  await db.transaction(async (tx) => {
    await lockSeed(tx);
    if (opts.reset) await deleteEverything(tx);
    await insertAll(tx, data);
  });
  return summarize(data);
}

/** Seeds a fresh database; does nothing (and returns false) when it has been seeded or holds vendors. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (await hasData(db)) return false;
  const data = buildDemoData(await hashDemoPassword());
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    if (await hasData(tx)) return false;
    await insertAll(tx, data);
    return true;
  });
}
