import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cartItems, messages, orderLines, products, projects, savedBookingDetails } from '../src/db/schema/index.ts';
import { issueForDeliveredLine } from '../src/modules/invoices/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startGeocoder } from './support/geocoder.ts';
import { cookieHeader, createCustomerWithPassword, loginWithPassword } from './support/auth.ts';
import { createBooking, createOrder, createProduct, createProductReview, createVendor, createVendorReview } from './support/factories.ts';
import { operationsOf, sample, urlOf, type Operation } from './support/openapi.ts';
import { PUBLIC_CALLS } from './support/public-calls.ts';

/**
 * The standing access matrix (docs/api-contract.md): every operation of the OpenAPI document, found at run time, so a new
 * route is covered without editing this file. Calls that need a session are refused without one, and refused
 * to another customer (and to a vendor) on this customer's ids; public calls never leak private data.
 */

let t: TestApp;
let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
let owner: Awaited<ReturnType<typeof createCustomerWithPassword>>;
let ownerIds: string[];
const sessions: Record<'other' | 'owner' | 'vendor', string | undefined> = { other: undefined, owner: undefined, vendor: undefined };
const PRIVATE_ADDRESS = 'Flat 9C, Secret Residency, Jubilee Hills';
/** Rows of vendors other than the logged-in one (a line to ship, a booking, a project): no vendor call may touch them. */
let otherVendorIds: string[] = [];
const OTHER_VENDOR_PROJECT = 'Secret villa of another vendor';

/** Documentation and the development mailbox are the only operations outside the matrix. */
const outside = (op: Operation) => op.path.startsWith('/api/docs') || op.path.startsWith('/dev/');

beforeAll(async () => {
  geocoder = await startGeocoder();
  t = await createTestApp({ GEOCODER_URL: geocoder.url });
  owner = await createCustomerWithPassword(t.db, { fullName: 'Owner Zenobia Quartermaine', phone: '9012345678' });
  const other = await createCustomerWithPassword(t.db);
  sessions.owner = (await loginWithPassword(t.app, owner.email)).token;
  sessions.other = (await loginWithPassword(t.app, other.email)).token;

  // The owner's rows in every table that belongs to a customer.
  const seller = await createVendor(t.db, { kind: 'seller' });
  const pro = await createVendor(t.db, { kind: 'professional' });
  const product = await createProduct(t.db, { vendorId: seller.id });
  await createProductReview(t.db, product.id, { customerId: owner.id, customerName: owner.fullName });
  await createVendorReview(t.db, pro.id, { customerId: owner.id, customerName: owner.fullName });
  await t.db.insert(cartItems).values({ customerId: owner.id, productId: product.id, quantity: 2 });
  const address = { fullAddress: PRIVATE_ADDRESS, city: 'Hyderabad', pincode: '500033', state: 'Telangana' };
  const { order, lines: [ownerLine] } = await createOrder(t.db, owner, [{ product, quantity: 2 }], { shippingAddress: address });
  // The owner's tax invoices (the seller's and the platform's delivery fee), carrying the private address.
  await t.db.transaction((tx) => issueForDeliveredLine(tx, t.app.money.platform, order, ownerLine!));
  await createBooking(t.db, owner, pro.id, { address: { street: PRIVATE_ADDRESS } });
  await t.db.insert(savedBookingDetails).values({ customerId: owner.id, address: { street: PRIVATE_ADDRESS }, customer: { fullName: owner.fullName, email: owner.email } });
  await t.db.insert(messages).values({ customerId: owner.id, vendorId: pro.id, sender: 'Customer', text: 'Private question about my flat' });

  // Every id that names the owner or one of the owner's rows, found from the schema (customer_id columns).
  const tables = await t.db.execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'customer_id'
    and table_name in (select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id')`);
  ownerIds = [owner.id];
  for (const { table_name: table } of (tables as unknown as { rows: { table_name: string }[] }).rows ?? (tables as unknown as { table_name: string }[])) {
    const rows = await t.db.execute(sql`select id::text as id from ${sql.identifier(table)} where customer_id = ${owner.id}`);
    for (const r of ((rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]))) ownerIds.push(r.id);
  }
  const lines = await t.db.select({ id: orderLines.id }).from(orderLines).where(sql`${orderLines.orderId} = ${order!.id}`);
  ownerIds.push(...lines.map((l) => l.id));
  // A private file of the owner's (a document naming the private address): nobody else may read it.
  const boundary = 'matrixBoundary';
  const document = `%PDF-1.4\n% ${PRIVATE_ADDRESS}\n%%EOF\n`;
  const uploaded = await t.app.inject({
    method: 'POST', url: '/api/files', headers: { ...cookieHeader(sessions.owner!), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lease.pdf"\r\nContent-Type: application/pdf\r\n\r\n${document}\r\n--${boundary}--\r\n`,
  });
  expect(uploaded.statusCode).toBe(201);
  ownerIds.push((uploaded.json() as { id: string }).id);

  const [project] = await t.db.insert(projects).values({ vendorId: pro.id, title: OTHER_VENDOR_PROJECT, image: '/images/projects/plumber-1.svg', category: 'Plumbing', description: 'x' }).returning();
  const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(sql`${bookings.vendorId} = ${pro.id}`);
  otherVendorIds = [...lines.map((l) => l.id), booking!.id, project!.id, pro.id, seller.id];

  // A vendor session, where vendors can log in.
  const ops = operationsOf(t.app);
  if (ops.some((op) => op.method === 'POST' && op.path === '/api/vendor/login')) {
    const { hashPassword } = await import('../src/modules/auth/passwords.ts');
    const vendor = await createVendor(t.db, { kind: 'seller', passwordHash: await hashPassword('Vendor-Pass#2026') });
    const res = await t.app.inject({ method: 'POST', url: '/api/vendor/login', payload: { email: vendor.email, password: 'Vendor-Pass#2026' } });
    sessions.vendor = res.cookies.find((c) => c.name === 'nirmaan_session')?.value;
  }
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
});

const NAMES_A_CUSTOMER = /^(user_?id|customer_?id|sender_?id|receiver_?id)$/i;

/** The request for an operation with every id-like field set to `id` (and customer fields to the owner). */
function request(op: Operation, id: string) {
  const ids = (name: string) => (NAMES_A_CUSTOMER.test(name) ? owner.id : /id$|^id$|ids$/i.test(name) ? id : undefined);
  const url = urlOf(op, (p) => (p.in === 'path' || p.required ? sample(p.schema, p.name, ids) : undefined));
  const payload = op.body ? sample(op.body, '', ids) : undefined;
  return { method: op.method as 'GET', url, ...(payload !== undefined ? { payload: payload as object } : {}) };
}

const leaks = (body: string) => [owner.email, owner.fullName, owner.phone!, PRIVATE_ADDRESS, 'Private question'].filter((secret) => body.includes(secret));

describe('access matrix over every operation in the OpenAPI document', () => {
  it('covers every operation: each one takes a session, or is public on purpose in the committed list', () => {
    const ops = operationsOf(t.app);
    const key = (op: Operation) => `${op.method} ${op.path}`;
    const open = ops.filter((op) => !op.secured && !outside(op)).map(key).sort();
    const listed = Object.keys(PUBLIC_CALLS).sort();
    console.log(`access matrix: ${ops.length - ops.filter(outside).length} operations, ${ops.filter((o) => o.secured).length} need a session, ${open.length} public`);
    // A new call with no session scheme fails here until it is listed as public, with the reason it may be.
    expect(open.filter((k) => !(k in PUBLIC_CALLS)), 'public calls missing from test/support/public-calls.ts').toEqual([]);
    // A listed call that is gone, or now takes a session, must leave the list, so the list never hides a call.
    expect(listed.filter((k) => !open.includes(k)), 'entries of test/support/public-calls.ts that are not public calls').toEqual([]);
  });

  it('refuses every session call without a session', async () => {
    const failures: string[] = [];
    for (const op of operationsOf(t.app).filter((o) => o.secured && !outside(o))) {
      const res = await t.app.inject(request(op, owner.id));
      if (res.statusCode !== 401 && res.statusCode !== 403) failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses another customer, and a vendor, on the owner’s ids, and never shows the owner’s data', async () => {
    const failures: string[] = [];
    const secured = operationsOf(t.app).filter((o) => o.secured && !outside(o));
    for (const op of secured) {
      for (const id of ownerIds) {
        for (const who of ['other', 'vendor'] as const) {
          const token = sessions[who];
          if (!token) continue;
          const req = request(op, id);
          const namesOwner = JSON.stringify(req).includes(owner.id) || JSON.stringify(req).includes(id);
          const res = await t.app.inject({ ...req, headers: cookieHeader(token) });
          const leaked = leaks(res.body);
          if (leaked.length > 0) failures.push(`${who} ${op.method} ${op.path} (${id}) leaked ${leaked.join(', ')}`);
          // Reporting someone else's review is what that call is for; its answer is still checked for leaks above.
          const actsOnOthers = (op.method === 'PUT' && op.path === '/api/profile') || (who === 'other' && op.method === 'POST' && op.path === '/api/reviews/{id}/report');
          if (namesOwner && res.statusCode < 400 && !actsOnOthers) {
            failures.push(`${who} ${op.method} ${op.path} (${id}) → ${res.statusCode}`);
          }
          if (res.statusCode >= 500) failures.push(`${who} ${op.method} ${op.path} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000); // every secured call × every owner id × two intruders, one after another

  it('keeps the roles apart: a vendor session is refused by every customer call, a customer session by every vendor call', async () => {
    expect(sessions.vendor, 'vendors can log in').toBeDefined();
    const failures: string[] = [];
    const ops = operationsOf(t.app).filter((o) => !outside(o));
    for (const op of ops.filter((o) => o.role === 'customer' || o.role === 'vendor')) {
      const token = op.role === 'customer' ? sessions.vendor! : sessions.owner!;
      const res = await t.app.inject({ ...request(op, owner.id), headers: cookieHeader(token) });
      if (res.statusCode !== 403 && res.statusCode !== 401) failures.push(`${op.role} call ${op.method} ${op.path} with the other role → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(ops.some((o) => o.role === 'vendor'), 'vendor calls are marked VENDOR_SESSION_SECURITY').toBe(true);
  });

  it('refuses a vendor on another vendor’s rows: every vendor call naming one answers 4xx, and no vendor list shows them', async () => {
    const failures: string[] = [];
    const vendorOps = operationsOf(t.app).filter((o) => o.role === 'vendor' && !outside(o));
    const byId = vendorOps.filter((o) => o.params.some((p) => p.in === 'path'));
    for (const op of byId) {
      for (const id of otherVendorIds) {
        const res = await t.app.inject({ ...request(op, id), headers: cookieHeader(sessions.vendor!) });
        if (res.statusCode < 400) failures.push(`${op.method} ${op.path} (${id}) → ${res.statusCode}`);
        if (res.statusCode >= 500) failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
        if (res.body.includes(OTHER_VENDOR_PROJECT) || leaks(res.body).length > 0) failures.push(`${op.method} ${op.path} (${id}) leaked another vendor's data`);
      }
    }
    for (const op of vendorOps.filter((o) => o.method === 'GET' && o.params.length === 0)) {
      const res = await t.app.inject({ ...request(op, owner.id), headers: cookieHeader(sessions.vendor!) });
      if (res.statusCode !== 200) failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
      if (res.body.includes(OTHER_VENDOR_PROJECT) || leaks(res.body).length > 0) failures.push(`${op.method} ${op.path} leaked another vendor's data`);
    }
    expect(failures).toEqual([]);
    expect(byId.length, 'vendor calls that name a row').toBeGreaterThanOrEqual(4);
  });

  it('keeps vendors apart: another vendor gets 404 from every vendor call naming a vendor’s product, and nothing changes', async () => {
    expect(sessions.vendor, 'vendors can log in').toBeDefined();
    const seller = await createVendor(t.db, { kind: 'seller' });
    const theirs = await createProduct(t.db, { vendorId: seller.id, price: 777, stock: 7 });
    // Only the fields a call requires, so a refusal is about whose product it is, not about the body.
    const requiredOnly = (schema: NonNullable<Operation['body']>) => sample({ ...schema, properties: Object.fromEntries(Object.entries(schema.properties ?? {})
      .filter(([k]) => (schema.required ?? []).includes(k))) }, '', () => theirs.id);
    const failures: string[] = [];
    const ops = operationsOf(t.app).filter((o) => o.role === 'vendor' && o.params.some((p) => p.in === 'path'));
    for (const op of ops) {
      const url = urlOf(op, (p) => (p.in === 'path' ? theirs.id : undefined));
      const payload = op.body ? requiredOnly(op.body) as object : undefined;
      const res = await t.app.inject({ method: op.method as 'GET', url, headers: cookieHeader(sessions.vendor!), ...(payload ? { payload } : {}) });
      if (res.statusCode !== 404) failures.push(`${op.method} ${op.path} on another vendor's product → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    expect(ops.some((o) => o.path.startsWith('/api/vendor/products/')), 'vendor product calls are in the matrix').toBe(true);
    const mine = await t.app.inject({ method: 'GET', url: '/api/vendor/products', headers: cookieHeader(sessions.vendor!) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(theirs.id);
    const [after] = await t.db.select().from(products).where(sql`${products.id} = ${theirs.id}`);
    expect(after).toMatchObject({ pricePaise: 77_700, stock: 7, deletedAt: null });
  });

  it('lets the owner in, so the refusals above are about who asks', async () => {
    const mine = await t.app.inject({ method: 'GET', url: `/myprofile/${owner.id}`, headers: cookieHeader(sessions.owner!) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().Emailaddress).toBe(owner.email);
  });

  it('answers every public call without a 5xx and without anyone’s private data', async () => {
    const failures: string[] = [];
    for (const op of operationsOf(t.app).filter((o) => !o.secured && !outside(o))) {
      for (const id of ownerIds) {
        const res = await t.app.inject(request(op, id));
        if (res.statusCode >= 500) failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
        const leaked = [...leaks(res.body), ...(res.body.includes('$argon2') ? ['a password hash'] : [])];
        // A login or signup answer may name its own user; the probe never logs the owner in.
        if (leaked.length > 0) failures.push(`${op.method} ${op.path} (${id}) leaked ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
