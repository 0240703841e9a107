import { paiseToRupees, type Project, type ServiceVendor, type VendorProfile, type VendorProject } from '@nirmaan/shared';
import type { projects } from '../../db/schema/vendors.ts';
import { roundRating } from '../../lib/rating.ts';
import type { VendorRow } from './repository.ts';

/** Database rows → the spec's wire field names; public fields only (no email, phone, bank). */

export function toWireServiceVendor(row: VendorRow): ServiceVendor {
  const v = row.vendor;
  return {
    _id: v.id,
    Business_Name: v.businessName,
    Owner_name: v.ownerName,
    Description: v.description,
    Category: v.category,
    Sub_Category: v.subCategories,
    Charge_Per_Hour_or_Day: paiseToRupees(v.chargeAmountPaise ?? 0),
    Charge_Type: v.chargeType ?? 'Per Visit',
    Profile_Image: v.profileImage,
    City: v.city,
    Rating: roundRating(row.reviewAverage),
    ReviewCount: Number(row.reviewCount),
  };
}

export function toWireVendorProfile(row: VendorRow): VendorProfile {
  const v = row.vendor;
  return {
    _id: v.id,
    Owner_name: v.ownerName,
    Business_Name: v.businessName,
    Business_address: v.businessAddress,
    Business_Description: v.description,
    description: v.description,
    Profile_Image: v.profileImage,
    Category: v.category,
    Sub_Category: v.subCategories,
    City: v.city,
    Kind: v.kind,
    Charge_Per_Hour_or_Day: v.chargeAmountPaise === null ? null : paiseToRupees(v.chargeAmountPaise),
    Charge_Type: v.chargeType,
    Rating: roundRating(row.reviewAverage),
    ReviewCount: Number(row.reviewCount),
  };
}

export function toWireProject(p: typeof projects.$inferSelect): Project {
  return {
    _id: p.id,
    title: p.title,
    image: p.image,
    category: p.category,
    description: p.description,
    // The public call keeps its shape: the vendor's own date, when given, is the project's date (at noon UTC,
    // so it reads as that day in every timezone from UTC-11 to UTC+11).
    createdAt: p.projectDate ? `${p.projectDate}T12:00:00.000Z` : p.createdAt.toISOString(),
  };
}

export function toWireVendorProject(p: typeof projects.$inferSelect): VendorProject {
  return { ...toWireProject(p), date: p.projectDate };
}
