import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { adminPool, testDatabaseName } from './support/postgres.ts';

/**
 * Migration 0031 (decision record 030): rows written under the rupee columns come out as exactly 100 times as many
 * paise, and a fraction of a paisa stops the migration instead of being rounded. Each case starts from a database
 * migrated only up to the migration before it, on the engine the run uses.
 */
const MONEY_MIGRATION = '0031_money_in_paise';

/** The migrations folder without 0031 and anything after it: the schema as it was before money moved to paise. */
function foldersBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nirmaan-before-paise-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  for (const e of journal.entries.slice(at)) rmSync(path.join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const before = foldersBefore(MONEY_MIGRATION);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  rmSync(before, { recursive: true, force: true });
});

/** A fresh database on this run's engine, migrated with the migrations in `folder`, and its `migrateTo(folder)`. */
async function freshDatabase(): Promise<Database & { migrateWith(folder: string): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    cleanups.push(() => database.close());
    return { ...database, migrateWith: (folder) => migratePglite(database.db as never, { migrationsFolder: folder }) };
  }
  const name = testDatabaseName();
  const admin = adminPool(url);
  await admin.query(`create database "${name}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  cleanups.push(async () => {
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  return { ...database, migrateWith: (folder) => migratePg(database.db as never, { migrationsFolder: folder }) };
}

const rows = async <T>(db: Database['db'], query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/** One of each money row as the rupee schema stored it: a ₹55.75 unit price bought 7 times is ₹390.25. */
async function insertRupeeRows(db: Database['db']) {
  await db.execute(sql`insert into customers (id, full_name, email, location) values ('00000000-0000-4000-8000-000000000001', 'Asha', 'asha@example.test', 'Hyderabad')`);
  await db.execute(sql`insert into vendors (id, kind, owner_name, business_name, email, phone, business_address, city, description, category, charge_amount, charge_type)
    values ('00000000-0000-4000-8000-000000000002', 'seller', 'Ravi', 'Ravi Cement', 'ravi@example.test', '9123456780', 'MG Road', 'Hyderabad', 'Cement', 'Cement', null, null),
           ('00000000-0000-4000-8000-000000000003', 'professional', 'Goud', 'Goud Plumbing', 'goud@example.test', '9123456781', 'MG Road', 'Hyderabad', 'Plumbing', 'Plumber', 2147483, 'Per Visit')`);
  await db.execute(sql`insert into products (id, vendor_id, name, category, description, price, mrp, unit, images, location)
    values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000002', 'PPC cement', 'Cement', 'A bag of cement', 385, 420, 'bag', '{/a.svg}', 'Hyderabad'),
           ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 'Binding wire', 'Steel', 'A roll of wire', 2147483647, null, 'roll', '{/b.svg}', 'Hyderabad')`);
  await db.execute(sql`insert into orders (id, customer_id, customer_name, phone, email, shipping_address, payment_method, payment_status, subtotal, delivery_fee, total)
    values ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000001', 'Asha', '9876543210', 'asha@example.test',
      '{"fullAddress":"12 Road","city":"Hyderabad","pincode":"500033","state":"Telangana"}', 'cod', 'Pending', 390.25, 300, 690.25)`);
  await db.execute(sql`insert into order_lines (id, order_id, product_id, vendor_id, product_name, product_image, quantity, price_per_unit, total_price)
    values ('00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000004',
      '00000000-0000-4000-8000-000000000002', 'PPC cement', '/a.svg', 7, 55.75, 390.25)`);
  await db.execute(sql`insert into bookings (id, customer_id, vendor_id, service_date, service_time, customer, address, payment_method, base_price, service_charge, total_amount)
    values ('00000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003',
      '2026-12-01', '10:00 AM', '{}', '{}', 'cash', 9999999749.99, 250.00, 9999999999.99)`);
}

describe('migration 0031: money in paise', () => {
  it('converts every rupee column to exactly 100 times as many paise, the largest values included', { timeout: 300_000 }, async () => {
    const database = await freshDatabase();
    await database.migrateWith(before);
    await insertRupeeRows(database.db);
    await database.migrate();
    const { db } = database;
    expect(await rows(db, sql`select price_paise::text as p, mrp_paise::text as m from products order by id`))
      .toEqual([{ p: '38500', m: '42000' }, { p: '214748364700', m: null }]);
    expect(await rows(db, sql`select charge_amount_paise::text as c from vendors order by id`)).toEqual([{ c: null }, { c: '214748300' }]);
    expect(await rows(db, sql`select subtotal_paise::text as s, delivery_fee_paise::text as d, total_paise::text as t from orders`))
      .toEqual([{ s: '39025', d: '30000', t: '69025' }]);
    expect(await rows(db, sql`select price_per_unit_paise::text as u, total_price_paise::text as t from order_lines`)).toEqual([{ u: '5575', t: '39025' }]);
    expect(await rows(db, sql`select base_price_paise::text as b, service_charge_paise::text as s, total_amount_paise::text as t from bookings`))
      .toEqual([{ b: '999999974999', s: '25000', t: '999999999999' }]);
    // The eleven columns this migration converted (order_lines has a delivery_fee_paise of its own since 0035).
    const types = await rows<{ column_name: string; data_type: string }>(db, sql`select column_name, data_type from information_schema.columns
      where table_schema = 'public' and (table_name, column_name) in (('products', 'price_paise'), ('products', 'mrp_paise'),
        ('vendors', 'charge_amount_paise'), ('orders', 'subtotal_paise'), ('orders', 'delivery_fee_paise'), ('orders', 'total_paise'),
        ('order_lines', 'price_per_unit_paise'), ('order_lines', 'total_price_paise'), ('bookings', 'base_price_paise'),
        ('bookings', 'service_charge_paise'), ('bookings', 'total_amount_paise'))`);
    expect(types).toHaveLength(11);
    expect(new Set(types.map((t) => t.data_type))).toEqual(new Set(['bigint']));
    // The price check still holds (in paise) and the triggers that name the columns came back.
    await expect(db.execute(sql`update products set mrp_paise = price_paise - 1 where id = '00000000-0000-4000-8000-000000000004'`)).rejects.toThrow();
    const stamped = await rows<{ moved: boolean }>(db, sql`update products set price_paise = 38550 where id = '00000000-0000-4000-8000-000000000004'
      returning updated_at > created_at as moved`);
    expect(stamped).toEqual([{ moved: true }]);
    expect(await rows(db, sql`select tgname from pg_trigger where tgname in ('products_touch_updated_at', 'vendors_touch_updated_at') order by tgname`))
      .toEqual([{ tgname: 'products_touch_updated_at' }, { tgname: 'vendors_touch_updated_at' }]);
  });

  it('refuses an amount with a fraction of a paisa and changes nothing', { timeout: 300_000 }, async () => {
    const database = await freshDatabase();
    await database.migrateWith(before);
    await insertRupeeRows(database.db);
    // numeric(12,2) rounds what it is given, so only a column altered by hand can hold a third decimal.
    await database.db.execute(sql`alter table order_lines alter column total_price type numeric`);
    await database.db.execute(sql`update order_lines set total_price = 390.255`);
    await expect(database.migrate()).rejects.toThrow();
    const cause = await database.migrate().catch((err: unknown) => String((err as { cause?: unknown }).cause ?? err));
    expect(cause).toMatch(/order_lines hold amounts with more than two decimals/);
    expect(await rows(database.db, sql`select total_price::text as t from order_lines`)).toEqual([{ t: '390.255' }]);
    expect(await rows(database.db, sql`select price::text as p from products order by id`)).toEqual([{ p: '385' }, { p: '2147483647' }]);
  });
});
