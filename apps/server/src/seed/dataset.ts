import { CITIES } from '@nirmaan/shared';
import { buildBulkSellers } from './build-bulk-sellers.ts';
import { buildProducts, type ProductRow } from './build-products.ts';
import {
  buildProductReviews, buildVendorReviews, type CustomerRow, type ProductReviewRow, type VendorReviewRow,
} from './build-reviews.ts';
import { DEMO_ENGINEER_EMAIL, buildProfessionals, buildProjects, buildSellers, type ProjectRow, type VendorRow } from './build-vendors.ts';
import { DEMO_SELLER_EMAIL } from './data/sellers.ts';
import type { productQuantityBreaks, professionalCalendars, vendorDeliverySettings, vendorPayoutAccounts } from '../db/schema/index.ts';
import { demoSellerDeliveryRow } from './data/delivery.ts';
import { EmailBook, mobileNumber, personName } from './people.ts';
import { Random, daysBeforeBase } from './random.ts';

export const DEMO_CUSTOMER_EMAIL = 'asha@demo.nirmaan.in';
/** The demo console operator (admin), logging in at /ops/login with the demo password and a mailed code. */
export const DEMO_OPERATOR_EMAIL = 'ops@demo.nirmaan.in';
/** The demo support operator: disputes, refunds up to the support limit, no commission or operator changes. */
export const DEMO_SUPPORT_EMAIL = 'support@demo.nirmaan.in';
/** The demo finance operator: the Money screens, commission rates, payouts and the GST reports. */
export const DEMO_FINANCE_EMAIL = 'finance@demo.nirmaan.in';
const REVIEWER_COUNT = 40;

/**
 * The demo seller's GST registration (Telangana, state code 36; its PAN inside; a valid check character), so its
 * invoices are tax invoices out of the box.
 */
export const DEMO_SELLER_PAN = 'AQRPR5172K';
export const DEMO_SELLER_GSTIN = '36AQRPR5172K1Z1';
/**
 * The demo seller's Route linked account, activated, so its online sales are transferred. Only the development
 * gateway knows it (it accepts transfers to any account); with real keys, transfers to it fail at the gateway.
 */
export const DEMO_SELLER_ROUTE_ACCOUNT = 'acc_DemoSeller0001';

export type PayoutAccountRow = typeof vendorPayoutAccounts.$inferInsert;

export interface DemoData {
  customers: CustomerRow[];
  vendors: VendorRow[];
  products: ProductRow[];
  projects: ProjectRow[];
  productReviews: ProductReviewRow[];
  vendorReviews: VendorReviewRow[];
  operators: { email: string; name: string; role: 'admin' | 'support' | 'finance'; passwordHash: string }[];
  payoutAccounts: PayoutAccountRow[];
  /** The demo seller's own delivery (decision record 034); every other seller keeps the platform's flat fee. */
  deliverySettings: (typeof vendorDeliverySettings.$inferInsert)[];
  /** The demo seller's cement, cheaper by the 100 and the 500 bags (docs/decisions/035). */
  quantityBreaks: (typeof productQuantityBreaks.$inferInsert)[];
  /** The demo civil engineer's site visits and multi-day jobs (decision record 042). */
  calendars: (typeof professionalCalendars.$inferInsert)[];
}

/** ₹500 site visits, and supervision jobs of up to 10 days at ₹3,000 a day from 9 AM to 4 PM (the six slots' day). */
function demoEngineerCalendar(professionals: VendorRow[]): DemoData['calendars'] {
  const engineer = professionals.find((v) => v.email === DEMO_ENGINEER_EMAIL);
  if (!engineer) return [];
  return [{ vendorId: engineer.id, rules: null, visitFeePaise: 50_000, multiDay: { pricePerDayPaise: 300_000, maxDays: 10, dayStart: '09:00', dayEnd: '16:00' } }];
}

function buildCustomers(rng: Random, ids: Random, emails: EmailBook, passwordHash: string): CustomerRow[] {
  const asha: CustomerRow = {
    id: ids.uuid(),
    fullName: 'Asha Reddy',
    email: emails.reserve(DEMO_CUSTOMER_EMAIL),
    phone: '+91 98480 22345',
    location: 'Hyderabad',
    passwordHash,
    createdAt: daysBeforeBase(rng, 400),
  };
  const reviewers = Array.from({ length: REVIEWER_COUNT }, (_, i): CustomerRow => {
    const city = CITIES[i % CITIES.length] ?? 'Hyderabad';
    const fullName = personName(rng, city, 0.45);
    return {
      id: ids.uuid(),
      fullName,
      email: emails.claim(fullName.replace(' ', '.')),
      phone: mobileNumber(rng),
      location: city,
      passwordHash,
      createdAt: daysBeforeBase(rng, rng.int(500, 900)),
    };
  });
  return [asha, ...reviewers];
}

/** Two reviews by the demo customer, so her account looks used. */
function ashasReviews(ids: Random, rng: Random, asha: CustomerRow, products: ProductRow[]): ProductReviewRow[] {
  const picks: [string, 4 | 5, string][] = [
    ['UltraTech OPC 53 Grade Cement', 5, 'Used 120 bags for our first-floor slab. Fresh stock and delivered the same evening.'],
    ['Asian Paints Royale Luxury Emulsion', 4, 'Lovely finish in the living room. Shade matched the card; delivery took two days.'],
  ];
  return picks.flatMap(([name, rating, comment]) => {
    const product = products.find((p) => p.name === name);
    if (!product) return [];
    return [{ id: ids.uuid(), productId: product.id, customerId: asha.id, customerName: asha.fullName, rating, comment, createdAt: daysBeforeBase(rng, rng.int(10, 40)) }];
  });
}

/** The demo seller's payout account, activated, from the bank account on its profile. */
function demoSellerPayoutAccount(sellers: VendorRow[]): PayoutAccountRow {
  const seller = sellers.find((v) => v.email === DEMO_SELLER_EMAIL);
  if (!seller?.bankAccount) throw new Error('demo seller or its bank account missing');
  return {
    vendorId: seller.id, legalName: seller.businessName, businessType: 'proprietorship', pan: DEMO_SELLER_PAN, gstin: DEMO_SELLER_GSTIN,
    accountNumber: seller.bankAccount.accountNumber, ifsc: seller.bankAccount.ifsc, beneficiaryName: seller.ownerName,
    status: 'activated', routeAccountId: DEMO_SELLER_ROUTE_ACCOUNT,
  };
}

/** A price a few percent below `paise`, down to a whole ₹5, as a depot quotes a truckload. */
const offBy = (paise: number, percent: number) => Math.floor((paise * (100 - percent)) / 100 / 500) * 500;

/**
 * The demo seller's cement bags priced lower by the 100 (3% off) and the 500 (5.5% off), as a Hyderabad depot sells
 * to builders: an UltraTech OPC 53 bag at ₹455 is ₹440 from 100 bags and ₹425 from 500.
 */
function demoSellerQuantityBreaks(sellers: VendorRow[], products: ProductRow[]): DemoData['quantityBreaks'] {
  const seller = sellers.find((v) => v.email === DEMO_SELLER_EMAIL)!;
  return products.filter((p) => p.vendorId === seller.id && p.category === 'Cement').flatMap((p) => [
    { productId: p.id, minQuantity: 100, pricePaise: offBy(p.pricePaise, 3) },
    { productId: p.id, minQuantity: 500, pricePaise: offBy(p.pricePaise, 5.5) },
  ]);
}

/**
 * The whole demo catalogue as rows, computed in memory from fixed seeds: the same input gives the
 * same names, prices, ids and dates on every run. Each part draws from its own stream so that
 * editing one list does not reshuffle the others.
 */
export function buildDemoData(passwordHash: string): DemoData {
  const ids = new Random(0x4e49_524d);
  const emails = new EmailBook();
  const customers = buildCustomers(new Random(101), ids, emails, passwordHash);
  const vendorCtx = { rng: new Random(202), ids, emails, passwordHash };
  const sellers = buildSellers(vendorCtx);
  const professionals = buildProfessionals(vendorCtx);
  const products = buildProducts(new Random(303), ids, sellers);
  const projects = buildProjects(new Random(404), ids, professionals);
  const [asha, ...reviewers] = customers;
  if (!asha) throw new Error('demo customer missing');
  const reviewCtx = { rng: new Random(505), ids, reviewers };
  const productReviews = [...buildProductReviews(reviewCtx, products), ...ashasReviews(ids, new Random(606), asha, products)];
  const vendorReviews = buildVendorReviews(reviewCtx, professionals, sellers);
  const bulk = buildBulkSellers(passwordHash);
  return {
    customers,
    vendors: [...sellers, ...professionals.map((p) => p.row), ...bulk.vendors],
    products: [...products, ...bulk.products],
    projects,
    productReviews,
    vendorReviews,
    operators: [
      { email: DEMO_OPERATOR_EMAIL, name: 'Meera Iyer (demo operator)', role: 'admin', passwordHash },
      { email: DEMO_SUPPORT_EMAIL, name: 'Kabir Sen (demo support)', role: 'support', passwordHash },
      { email: DEMO_FINANCE_EMAIL, name: 'Farah Khan (demo finance)', role: 'finance', passwordHash },
    ],
    payoutAccounts: [demoSellerPayoutAccount(sellers)],
    deliverySettings: [demoSellerDeliveryRow(sellers.find((s) => s.email === DEMO_SELLER_EMAIL)!.id), ...bulk.deliverySettings],
    quantityBreaks: demoSellerQuantityBreaks(sellers, products),
    calendars: demoEngineerCalendar(professionals.map((p) => p.row)),
  };
}
