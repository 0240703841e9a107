import { MSG, SERVICE_CATEGORIES } from '@nirmaan/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listProductsOfVendor } from '../catalogue/service.ts';
import * as repo from './repository.ts';
import { toWireProject, toWireServiceVendor, toWireVendorProfile, toWireVendorReview } from './wire.ts';

function describeCategory(term: string): string {
  const entry = SERVICE_CATEGORIES.find((c) => c.name.toLowerCase() === term.toLowerCase());
  if (entry) return `${entry.name}s near you — ${entry.blurb.toLowerCase()}.`;
  return term === '' ? 'Verified professionals near you.' : `Professionals matching "${term}".`;
}

export async function listServices(db: Db, term: string) {
  const rows = await repo.searchProfessionals(db, term);
  return { services: rows.map(toWireServiceVendor), description: describeCategory(term) };
}

async function requireVendor(db: Db, id: string) {
  const row = await repo.findVendor(db, id);
  if (!row) throw notFound(MSG.noVendorFound);
  return row;
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

export async function listStoreProducts(db: Db, vendorId: string) {
  if (!(await repo.vendorExists(db, vendorId))) throw notFound(MSG.vendorNotFound);
  return listProductsOfVendor(db, vendorId);
}

export async function getVendorPrice(db: Db, id: string) {
  const { vendor } = await requireVendor(db, id);
  if (vendor.kind !== 'professional' || vendor.chargeAmount === null) {
    throw new AppError('NOT_FOUND', 'This vendor has no bookable service.');
  }
  return { vendorPrice: vendor.chargeAmount };
}
