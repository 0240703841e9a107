import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, migrationsBefore, rowsOf } from './support/migrations.ts';

/**
 * Migration 0033 (decision 032): lines still to be delivered when it runs get a 4-digit delivery code (a Shipped
 * line could not be delivered without one); Delivered and Cancelled lines get none; no line starts with a try
 * counted. On the engine the run uses.
 */
const before = migrationsBefore('0033_delivery_codes');
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  before.remove();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STATUSES = ['Pending', 'Shipped', 'Delivered', 'Cancelled'] as const;

describe('migration 0033: delivery codes', () => {
  it('gives every Pending and Shipped line a code of 4 digits, and Delivered and Cancelled lines none', { timeout: 300_000 }, async () => {
    const database = await freshDatabase();
    drops.push(database.drop);
    const { db } = database;
    await database.migrateWith(before.dir);
    await db.execute(sql`insert into customers (id, full_name, email, location) values (${id(1)}, 'Asha', 'asha@example.test', 'Hyderabad')`);
    await db.execute(sql`insert into vendors (id, kind, owner_name, business_name, email, phone, business_address, city, description, category)
      values (${id(2)}, 'seller', 'Ravi', 'Ravi Cement', 'ravi@example.test', '9123456780', 'MG Road', 'Hyderabad', 'Cement', 'Cement')`);
    await db.execute(sql`insert into products (id, vendor_id, name, category, description, price_paise, unit, images, location)
      values (${id(3)}, ${id(2)}, 'PPC cement', 'Cement', 'A bag of cement', 38500, 'bag', '{/a.svg}', 'Hyderabad')`);
    await db.execute(sql`insert into orders (id, customer_id, customer_name, phone, email, shipping_address, payment_method, payment_status, subtotal_paise, delivery_fee_paise, total_paise)
      values (${id(4)}, ${id(1)}, 'Asha', '9876543210', 'asha@example.test', '{"fullAddress":"12 Road","city":"Hyderabad","pincode":"500033","state":"Telangana"}', 'cod', 'Pending', 3850000, 0, 3850000)`);
    // 100 lines of each status, so the codes can be seen to vary.
    await db.execute(sql`insert into order_lines (order_id, product_id, vendor_id, product_name, product_image, quantity, price_per_unit_paise, total_price_paise, status)
      select ${id(4)}, ${id(3)}, ${id(2)}, 'PPC cement', '/a.svg', 1, 38500, 38500, (array['Pending', 'Shipped', 'Delivered', 'Cancelled'])[1 + i % 4]::order_status
      from generate_series(0, 399) i`);

    await database.migrate();
    const lines = await rowsOf<{ status: string; code: string | null; tries: number }>(db, sql`select status::text, delivery_code as code, delivery_code_tries as tries from order_lines`);
    expect(lines).toHaveLength(400);
    for (const status of STATUSES) {
      const codes = lines.filter((l) => l.status === status).map((l) => l.code);
      if (status === 'Pending' || status === 'Shipped') {
        expect(codes.every((c) => /^[0-9]{4}$/.test(c ?? '')), status).toBe(true);
        expect(new Set(codes).size, `${status} codes vary`).toBeGreaterThan(80);
      } else {
        expect(codes.every((c) => c === null), status).toBe(true);
      }
    }
    expect(lines.every((l) => l.tries === 0)).toBe(true);
    // The columns' checks hold from now on.
    await expect(db.execute(sql`update order_lines set delivery_code = '12345' where status = 'Pending'`)).rejects.toThrow();
    await expect(db.execute(sql`update order_lines set delivery_code_tries = 6 where status = 'Shipped'`)).rejects.toThrow();
  });
});
