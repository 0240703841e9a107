import { MSG, SERVICE_CATEGORIES, SERVICES_LIST_CAP, SERVICES_PER_PAGE, type VendorMe, type ZFetchServicesQuery } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listProductsOfVendor } from '../catalogue/service.ts';
import * as repo from './repository.ts';
import { toWireProject, toWireServiceVendor, toWireVendorProfile, toWireVendorReview } from './wire.ts';

function describeCategory(term: string): string {
  const entry = SERVICE_CATEGORIES.find((c) => c.name.toLowerCase() === term.toLowerCase());
  if (entry) return `${entry.name}s near you — ${entry.blurb.toLowerCase()}.`;
  return term === '' ? 'Verified professionals near you.' : `Professionals matching "${term}".`;
}

type ServicesQuery = z.output<typeof ZFetchServicesQuery>;
const toProfessionalQuery = (q: ServicesQuery): repo.ProfessionalQuery => ({
  term: q.category, text: q.q, subCategory: q.subCategory, band: q.band, city: q.city,
});

/** The spec's `/fetch/services`: filters in SQL, at most SERVICES_LIST_CAP unless `limit` says less. */
export async function listServices(db: Db, q: ServicesQuery) {
  const limit = q.limit ?? SERVICES_LIST_CAP;
  const rows = await repo.searchProfessionals(db, toProfessionalQuery(q), { limit, offset: ((q.page ?? 1) - 1) * limit });
  return { services: rows.map(toWireServiceVendor), description: describeCategory(q.category) };
}

/** A numbered page of professionals (SERVICES_PER_PAGE by default) with the total. */
export async function listServicePage(db: Db, q: ServicesQuery) {
  const limit = q.limit ?? SERVICES_PER_PAGE;
  const query = toProfessionalQuery(q);
  const total = await repo.countProfessionals(db, query);
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await repo.searchProfessionals(db, query, { limit, offset: (page - 1) * limit });
  return { services: rows.map(toWireServiceVendor), description: describeCategory(q.category), total, page, pages };
}

async function requireVendor(db: Db, id: string) {
  const row = await repo.findVendor(db, id);
  if (!row) throw notFound(MSG.noVendorFound);
  return row;
}

/** The logged-in vendor's own account, for the vendor portal's header and pages. */
export async function getVendorMe(db: Db, id: string): Promise<VendorMe> {
  const row = await repo.findVendor(db, id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your vendor account no longer exists. Please log in again.');
  const v = row.vendor;
  return {
    _id: v.id, kind: v.kind, Owner_name: v.ownerName, Business_Name: v.businessName,
    email: v.email, phone: v.phone, city: v.city, Category: v.category, Profile_Image: v.profileImage,
    approved: v.approvedAt !== null,
  };
}

export async function getVendorProfile(db: Db, id: string) {
  return toWireVendorProfile(await requireVendor(db, id));
}

export async function listProjects(db: Db, vendorId: string) {
  if (!(await repo.vendorExists(db, vendorId))) throw notFound(MSG.noVendorFound);
  return (await repo.listProjects(db, vendorId)).map(toWireProject);
}

export async function listVendorReviews(db: Db, vendorId: string) {
  if (!(await repo.vendorExists(db, vendorId))) throw notFound(MSG.noVendorFound);
  return { getreview: (await repo.listVendorReviews(db, vendorId)).map(toWireVendorReview) };
}

/** The spec's `/api/viewstore`: a seller's products, each Vendor with the store's description for the hero. */
export async function listStoreProducts(db: Db, vendorId: string) {
  const row = await repo.findVendor(db, vendorId);
  if (!row) throw notFound(MSG.vendorNotFound);
  const description = row.vendor.description;
  return (await listProductsOfVendor(db, vendorId)).map((p) => ({ ...p, Vendor: { ...p.Vendor, Business_Description: description } }));
}

export async function getVendorPrice(db: Db, id: string) {
  const { vendor } = await requireVendor(db, id);
  if (vendor.kind !== 'professional' || vendor.chargeAmount === null) {
    throw new AppError('NOT_FOUND', 'This vendor has no bookable service.');
  }
  return { vendorPrice: vendor.chargeAmount };
}

/** Saves a customer's review of a vendor (a second one edits the first) and returns the new average. */
export async function addVendorReview(db: Db, review: { vendorId: string; customerId: string; customerName: string; rating: number; comment: string }) {
  const saved = await db.transaction((tx) => repo.upsertVendorReview(tx, review));
  if (!saved) throw notFound(MSG.noVendorFound);
  return { review: toWireVendorReview(saved.review), average: Math.round((saved.sum / saved.count) * 10) / 10, count: saved.count };
}

/** What a booking needs of a professional, or a refusal a customer can act on. */
export async function findBookableProfessional(db: Db, id: string) {
  const row = await repo.findVendor(db, id);
  if (!row) throw notFound(MSG.noVendorFound);
  const v = row.vendor;
  if (v.kind !== 'professional' || v.chargeAmount === null) throw new AppError('BAD_REQUEST', 'This vendor sells products and cannot be booked for a service.');
  return { id: v.id, businessName: v.businessName, ownerName: v.ownerName, email: v.email, basePrice: v.chargeAmount };
}

/** Business names of vendors by id (for lists of orders and bookings). */
export async function vendorNames(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  return new Map((await repo.findVendorNames(db, ids)).map((v) => [v.id, v.businessName]));
}

/** Where to mail vendors about new orders: each vendor account's email, owner and business name, by id. */
export async function vendorContacts(db: Db | Tx, ids: string[]) {
  return new Map((await repo.findVendorContacts(db, ids)).map((v) => [v.id, v]));
}
