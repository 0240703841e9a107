import {
  MSG, PROJECTS_MAX, VENDOR_AUTH_MSG, SERVICE_CATEGORIES, SERVICES_LIST_CAP, SERVICES_PER_PAGE, VENDOR_ACCOUNT_MSG, categoriesFor, paiseToRupees, rupeesToPaise,
  type VendorMe, type VendorOwnProfile, type VendorProject, type ZFetchServicesQuery,
  type ZVendorProfileBody, type ZVendorProjectBody,
} from '@nirmaan/shared';
import type { z } from 'zod';
import type { Locale } from '@nirmaan/shared/i18n';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listProductsOfVendor } from '../catalogue/service.ts';
import { ownsUploads } from '../uploads/service.ts';
import * as repo from './repository.ts';
import { toWireProject, toWireServiceVendor, toWireVendorProfile, toWireVendorProject } from './wire.ts';
import { roundRating } from '../../lib/rating.ts';

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

/** A vendor the public may see; an unapproved signup answers as no vendor at all. */
async function requireVendor(db: Db, id: string) {
  const row = await repo.findPublicVendor(db, id);
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
    status: statusOf(v), rejectionReason: statusOf(v) === 'rejected' ? v.rejectionReason : null,
  };
}

export async function getVendorProfile(db: Db, id: string) {
  return toWireVendorProfile(await requireVendor(db, id));
}

export async function listProjects(db: Db, vendorId: string) {
  if (!(await repo.publicVendorExists(db, vendorId))) throw notFound(MSG.noVendorFound);
  return (await repo.listProjects(db, vendorId)).map(toWireProject);
}

/** Whether the public may see the vendor (the reviews module asks before listing its reviews). */
export const publicVendorExists = repo.publicVendorExists;

/** The spec's `/api/viewstore`: a seller's products, each Vendor with the store's description for the hero. */
export async function listStoreProducts(db: Db, vendorId: string) {
  const row = await repo.findPublicVendor(db, vendorId);
  if (!row) throw notFound(MSG.vendorNotFound);
  const description = row.vendor.description;
  return (await listProductsOfVendor(db, vendorId)).map((p) => ({ ...p, Vendor: { ...p.Vendor, Business_Description: description } }));
}

export async function getVendorPrice(db: Db, id: string) {
  const { vendor } = await requireVendor(db, id);
  if (vendor.kind !== 'professional' || vendor.chargeAmountPaise === null) {
    throw new AppError('NOT_FOUND', 'This vendor has no bookable service.');
  }
  return { vendorPrice: paiseToRupees(vendor.chargeAmountPaise) };
}

/** For the reviews module: the vendor's stored rating sum and count, changed in the review write's transaction. */
export const lockVendorForRating = repo.lockVendorForRating;
export const addToVendorRating = repo.addToVendorRating;

/** What a booking needs of a professional, or a refusal a customer can act on. */
export async function findBookableProfessional(db: Db, id: string) {
  const row = await repo.findPublicVendor(db, id);
  if (!row) throw notFound(MSG.noVendorFound);
  const v = row.vendor;
  if (v.kind !== 'professional' || v.chargeAmountPaise === null) throw new AppError('BAD_REQUEST', 'This vendor sells products and cannot be booked for a service.');
  return { id: v.id, businessName: v.businessName, ownerName: v.ownerName, email: v.email, category: v.category, basePricePaise: v.chargeAmountPaise, language: v.language };
}

/** A vendor account's id by its email (any state), for the commission CLI. */
export const findVendorIdByEmail = (db: Db | Tx, email: string) => repo.findVendorIdByEmail(db, email);

/** Business names of vendors by id (for lists of orders and bookings). */
export async function vendorNames(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  return new Map((await repo.findVendorNames(db, ids)).map((v) => [v.id, v.businessName]));
}

/** Sellers' names and ratings by id (requests for quotes, issue 35); `approvedOnly`: the approved ones among them. */
export async function sellerCards(db: Db | Tx, ids: string[], opts: { approvedOnly: boolean }) {
  return new Map((await repo.findSellerCards(db, ids, opts.approvedOnly)).map((v) => [v.id, v]));
}

/** Email, phone, owner, address and kind of one vendor, for their payout linked account (decision record 018). */
export const payoutContact = (db: Db | Tx, id: string) => repo.findPayoutContact(db, id);

/** Business and owner names and profile images of vendors by id, for the chat's conversations. */
export async function vendorFaces(db: Db | Tx, ids: string[]) {
  return new Map((await repo.findVendorFaces(db, ids)).map((v) => [v.id, v]));
}

/** Where to mail vendors about new orders: each vendor account's email, owner and business name, by id. */
export async function vendorContacts(db: Db | Tx, ids: string[]) {
  return new Map((await repo.findVendorContacts(db, ids)).map((v) => [v.id, v]));
}

/** Vendors whose name, owner or email contains the text (at most 500), for the console's filters. */
export const findVendorIdsMatching = (db: Db | Tx, text: string) => repo.findVendorIdsMatching(db, text, 500);

/** The supplier's name, address and trade on its tax invoices (decision record 022). */
export const supplierDetails = (db: Db | Tx, id: string) => repo.findSupplierDetails(db, id);

// The vendor's own account

/** The vendor's language for its mails (issue 33); `onlyIfUnset` keeps an earlier choice (the cookie at login). */
export async function setLanguage(db: Db | Tx, vendorId: string, language: Locale, onlyIfUnset = false) {
  const row = await repo.setVendorLanguage(db, vendorId, language, onlyIfUnset);
  if (!row && !onlyIfUnset) throw notFound(MSG.vendorNotFound);
  return row;
}

/** For the auth module's vendor login and signup checks: the account's id, kind, names and password hash by email. */
export type { VendorAccount } from './repository.ts';
export const findVendorAccount = (db: Db | Tx, email: string) => repo.findVendorAccountByEmail(db, email);

/** For the auth module's signup: the new vendor's row, unapproved, inside the signup's transaction. */
export const insertVendorAccount = (tx: Tx, values: repo.NewVendor) => repo.insertVendorAccount(tx, values);

// Operators' review of vendors (the ops module audits each change in the same transaction)

export type { ReviewChange, VendorReviewState } from './repository.ts';
export const lockReviewState = repo.lockReviewState;
export const changeReviewState = repo.changeReviewState;

export type VendorStatus = 'pending' | 'approved' | 'rejected' | 'suspended';
export function statusOf(v: Pick<repo.VendorReviewState, 'approvedAt' | 'rejectedAt' | 'suspendedAt'>): VendorStatus {
  if (v.suspendedAt) return 'suspended';
  if (v.approvedAt) return 'approved';
  return v.rejectedAt ? 'rejected' : 'pending';
}

/** A rejected vendor who fixed the details asks for review again; it goes back to the queue. */
export async function resubmit(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const state = await repo.lockReviewState(tx, { id });
    if (!state) throw new AppError('UNAUTHENTICATED', 'Your vendor account no longer exists. Please log in again.');
    if (statusOf(state) !== 'rejected') throw new AppError('CONFLICT', VENDOR_AUTH_MSG.notRejected);
    await repo.changeReviewState(tx, id, { kind: 'resubmit' });
  });
}

async function ownAccount(db: Db, id: string) {
  const row = await repo.findVendor(db, id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your vendor account no longer exists. Please log in again.');
  return row;
}

function toOwnProfile(row: repo.VendorRow): VendorOwnProfile {
  return { ...toWireVendorProfile(row), email: row.vendor.email, phone: row.vendor.phone, approved: row.vendor.approvedAt !== null };
}

export async function getOwnProfile(db: Db, id: string): Promise<VendorOwnProfile> {
  return toOwnProfile(await ownAccount(db, id));
}

/**
 * An image a vendor may show: one of its own uploads, or the one already stored in that place (a seeded
 * catalogue image stays until replaced). Never another site's, nor another vendor's upload.
 */
async function assertOwnImage(db: Db, vendorId: string, image: string | null, current: string | null) {
  if (image === null || image === current) return;
  if (!(await ownsUploads(db, vendorId, [image]))) throw new AppError('BAD_REQUEST', VENDOR_ACCOUNT_MSG.imageNotOurs);
}

/**
 * Saves the store's public face. The category must come from the catalogue of the account's kind; a
 * professional keeps a charge (bookings are priced from it), a seller has none.
 */
export async function updateOwnProfile(db: Db, id: string, body: z.output<typeof ZVendorProfileBody>): Promise<VendorOwnProfile> {
  const { vendor } = await ownAccount(db, id);
  if (!categoriesFor(vendor.kind).includes(body.Category)) {
    throw new AppError('BAD_REQUEST', vendor.kind === 'seller' ? 'Please choose a material category.' : 'Please choose your trade.');
  }
  const professional = vendor.kind === 'professional';
  if (professional && (body.Charge_Per_Hour_or_Day == null || body.Charge_Type == null)) throw new AppError('BAD_REQUEST', VENDOR_ACCOUNT_MSG.chargeRequired);
  await assertOwnImage(db, id, body.Profile_Image, vendor.profileImage);
  await repo.updateVendorProfile(db, id, {
    businessName: body.Business_Name, ownerName: body.Owner_name, description: body.Business_Description,
    businessAddress: body.Business_address, city: body.City, profileImage: body.Profile_Image, category: body.Category,
    subCategories: [...new Set(body.Sub_Category)],
    chargeAmountPaise: professional ? rupeesToPaise(body.Charge_Per_Hour_or_Day!) : null, chargeType: professional ? body.Charge_Type! : null,
  });
  return getOwnProfile(db, id);
}

type ProjectBody = z.output<typeof ZVendorProjectBody>;
const projectValues = (b: ProjectBody): repo.ProjectValues => ({
  title: b.title, category: b.category, description: b.description, image: b.image, projectDate: b.date ?? null,
});

export async function listOwnProjects(db: Db, vendorId: string): Promise<VendorProject[]> {
  return (await repo.listProjects(db, vendorId)).map(toWireVendorProject);
}

export async function addProject(db: Db, vendorId: string, body: ProjectBody): Promise<VendorProject> {
  await assertOwnImage(db, vendorId, body.image, null);
  const row = await db.transaction((tx) => repo.insertProjectWithin(tx, vendorId, projectValues(body), PROJECTS_MAX));
  if (!row) throw new AppError('CONFLICT', VENDOR_ACCOUNT_MSG.tooManyProjects);
  return toWireVendorProject(row);
}

/** Another vendor's project is unknown here (404), whoever asks. */
export async function changeProject(db: Db, vendorId: string, id: string, body: ProjectBody): Promise<VendorProject> {
  const current = await repo.findProject(db, vendorId, id);
  if (!current) throw notFound(VENDOR_ACCOUNT_MSG.projectNotFound);
  await assertOwnImage(db, vendorId, body.image, current.image);
  const row = await repo.updateProject(db, vendorId, id, projectValues(body));
  if (!row) throw notFound(VENDOR_ACCOUNT_MSG.projectNotFound);
  return toWireVendorProject(row);
}

export async function removeProject(db: Db, vendorId: string, id: string) {
  if (!(await repo.deleteProject(db, vendorId, id))) throw notFound(VENDOR_ACCOUNT_MSG.projectNotFound);
}

/** The vendor's stored rating average (one decimal) and count. */
export async function ratingOf(db: Db, vendorId: string) {
  const row = await ownAccount(db, vendorId);
  return { average: roundRating(row.reviewAverage), count: Number(row.reviewCount) };
}

/** The sitemap's keyset reads (docs/decisions/023). */
export const sitemapVendors = repo.sitemapVendors;
export const vendorsLastChanged = repo.vendorsLastChanged;
