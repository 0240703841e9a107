import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { countUnread } from '../src/modules/chat/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createCustomer, createVendor } from './support/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('unread counts', () => {
  it('counts what each party received and has not read, for the dashboard', async () => {
    const c = await createCustomer(t.db);
    const v = await createVendor(t.db);
    const v2 = await createVendor(t.db);
    await t.db.insert(messages).values([
      { customerId: c.id, vendorId: v.id, sender: 'Customer', text: 'Is the plumber free on Monday?' },
      { customerId: c.id, vendorId: v.id, sender: 'Vendor', text: 'Yes, from 10 AM.' },
      { customerId: c.id, vendorId: v.id, sender: 'Vendor', text: 'Shall I book it?' },
      { customerId: c.id, vendorId: v2.id, sender: 'Vendor', text: 'Cement arrives tomorrow.', readAt: new Date() },
      { customerId: c.id, vendorId: v2.id, sender: 'Customer', text: 'Thanks' },
    ]);
    expect(await countUnread(t.db, { role: 'customer', id: c.id })).toBe(2);
    expect(await countUnread(t.db, { role: 'vendor', id: v.id })).toBe(1);
    expect(await countUnread(t.db, { role: 'vendor', id: v2.id })).toBe(1);
    expect(await countUnread(t.db, { role: 'vendor', id: (await createVendor(t.db)).id })).toBe(0);
  });
});
