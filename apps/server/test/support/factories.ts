import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise, timesQuantity } from '@nirmaan/shared/money';
import type { Db } from '../../src/db/client.ts';
import { bookings, customers, orderLines, orders, productReviews, products, projects, vendorReviews, vendors } from '../../src/db/schema/index.ts';
import { newDeliveryCode } from '../../src/modules/orders/service.ts';

/**
 * Factories with overrides and unique values: each test makes the data it needs. A test writes a product's price
 * and MRP and a professional's charge in rupees (`price`, `mrp`, `chargeAmount`), as a person reads them; the
 * factories store paise (decision record 030) and return those rupees beside the row.
 */

let counter = 0;
const unique = () => `${++counter}${randomBytes(3).toString('hex')}`;

export async function createCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}) {
  const u = unique();
  const [row] = await db.insert(customers).values({
    fullName: `Customer ${u}`,
    email: `customer-${u}@example.test`,
    phone: '9876543210',
    location: 'Hyderabad',
    ...overrides,
  }).returning();
  return row!;
}

export async function createVendor(db: Db, { chargeAmount, ...overrides }: Partial<typeof vendors.$inferInsert> & { chargeAmount?: number | null } = {}) {
  const u = unique();
  const kind = overrides.kind ?? 'professional';
  const charge = chargeAmount !== undefined ? chargeAmount : kind === 'professional' ? 600 : null;
  const [row] = await db.insert(vendors).values({
    kind,
    ownerName: `Owner ${u}`,
    businessName: `Business ${u}`,
    email: `vendor-${u}@example.test`,
    phone: '9123456780',
    passwordHash: '$argon2id$secret-hash',
    businessAddress: `${u} MG Road, Hyderabad 500001`,
    city: 'Hyderabad',
    description: `Trusted work by business ${u}.`,
    category: kind === 'professional' ? 'Plumber' : 'Cement',
    subCategories: kind === 'professional' ? ['Plumber'] : [],
    chargeAmountPaise: charge === null ? null : rupeesToPaise(charge),
    chargeType: kind === 'professional' ? 'Per Visit' : null,
    profileImage: `/images/vendors/${u}.svg`,
    bankAccount: { accountNumber: '000123456789', ifsc: 'SBIN0000001' },
    ...overrides,
  }).returning();
  return row!;
}

export async function createProduct(db: Db, { price = 400, mrp = null, ...overrides }: Partial<typeof products.$inferInsert> & { vendorId?: string; price?: number; mrp?: number | null } = {}) {
  const u = unique();
  const vendorId = overrides.vendorId ?? (await createVendor(db, { kind: 'seller' })).id;
  const [row] = await db.insert(products).values({
    name: `Product ${u}`,
    brand: null,
    category: 'Cement',
    description: `Description of product ${u}.`,
    pricePaise: rupeesToPaise(price),
    mrpPaise: mrp === null ? null : rupeesToPaise(mrp),
    unit: 'bag',
    images: [`/images/products/cement-1.svg`],
    location: 'Hyderabad',
    stock: 100,
    ...overrides,
    vendorId,
  }).returning();
  return { ...row!, price: paiseToRupees(row!.pricePaise), mrp: row!.mrpPaise === null ? null : paiseToRupees(row!.mrpPaise) };
}

/** A review with the product's stored rating sum kept, as the review service keeps it. */
export async function createProductReview(db: Db, productId: string, overrides: Partial<typeof productReviews.$inferInsert> = {}) {
  const [row] = await db.insert(productReviews).values({
    productId, customerName: 'Ravi Kumar', rating: 4, comment: 'Good quality, delivered on time.', ...overrides,
  }).returning();
  await db.update(products).set({ ratingSum: sql`${products.ratingSum} + ${row!.rating}`, ratingCount: sql`${products.ratingCount} + 1` })
    .where(eq(products.id, productId));
  return row!;
}

/** A review with the vendor's stored rating sum kept, as the review service keeps it. */
export async function createVendorReview(db: Db, vendorId: string, overrides: Partial<typeof vendorReviews.$inferInsert> = {}) {
  const [row] = await db.insert(vendorReviews).values({
    vendorId, customerName: 'Meena Iyer', rating: 5, comment: 'Fixed the leak quickly.', ...overrides,
  }).returning();
  await db.update(vendors).set({ ratingSum: sql`${vendors.ratingSum} + ${row!.rating}`, ratingCount: sql`${vendors.ratingCount} + 1` })
    .where(eq(vendors.id, vendorId));
  return row!;
}

export async function createProject(db: Db, vendorId: string, overrides: Partial<typeof projects.$inferInsert> = {}) {
  const [row] = await db.insert(projects).values({
    vendorId,
    title: `Project ${unique()}`,
    image: '/images/projects/plumber-1.svg',
    category: 'Plumbing',
    description: 'Full bathroom re-plumbing for a 2BHK flat.',
    ...overrides,
  }).returning();
  return row!;
}

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/**
 * An order as placement stores it, written directly (no stock taken, no mail): one line per product, cash on
 * delivery unless overridden, with the ₹300 delivery fee. For tests that need an order to exist, not to be placed.
 */
export async function createOrder(db: Db, customer: Row<typeof customers>, items: { product: Row<typeof products>; quantity?: number }[],
  overrides: Partial<typeof orders.$inferInsert> = {}, lineOverrides: Partial<typeof orderLines.$inferInsert> = {}) {
  const subtotalPaise = items.reduce((sum, { product, quantity = 1 }) => sum + timesQuantity(product.pricePaise, quantity), 0);
  const [order] = await db.insert(orders).values({
    customerId: customer.id, customerName: customer.fullName, phone: customer.phone ?? '9876543210', email: customer.email,
    shippingAddress: { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
    paymentMethod: 'cod', paymentStatus: 'Pending', subtotalPaise, deliveryFeePaise: 30_000, totalPaise: subtotalPaise + 30_000,
    ...overrides,
  }).returning();
  const lines = await db.insert(orderLines).values(items.map(({ product, quantity = 1 }) => ({
    orderId: order!.id, productId: product.id, vendorId: product.vendorId, productName: product.name, productImage: product.images[0] ?? '',
    quantity, pricePerUnitPaise: product.pricePaise, totalPricePaise: timesQuantity(product.pricePaise, quantity), deliveryCode: newDeliveryCode(), ...lineOverrides,
  }))).returning();
  return { order: order!, lines };
}

/** A booking as `POST /api/booking` stores it, written directly: cash, the professional's ₹600 visit plus the ₹250 charge, in `days` days. */
export async function createBooking(db: Db, customer: Row<typeof customers>, vendorId: string,
  { days = 3, time = '10:00 AM', address = { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033' } }: { days?: number; time?: string; address?: Record<string, unknown> } = {}) {
  const [row] = await db.insert(bookings).values({
    customerId: customer.id, vendorId, serviceDate: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10), serviceTime: time,
    customer: { fullName: customer.fullName, email: customer.email, phone: customer.phone ?? '' }, address,
    paymentMethod: 'cash', basePricePaise: 60_000, serviceChargePaise: 25_000, totalAmountPaise: 85_000,
  }).returning();
  return row!;
}
