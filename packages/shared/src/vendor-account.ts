import { z } from 'zod';
import { zIsoDate } from './date-schemas.ts';
import { ZProject, ZVendorProfile, ZVendorReview } from './api.ts';
import { ZEmail, ZFullName, ZIndianPhone, ZPassword } from './auth.ts';
import { ZVendorBooking } from './booking.ts';
import { ZOrderLine } from './cart.ts';
import { ZConversationSummary } from './chat.ts';
import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES } from './catalogue.ts';
import { CHARGE_TYPES, CITIES } from './constants.ts';
import { text } from './text.ts';
import { VENDOR_KINDS } from './vendor-auth.ts';

/**
 * The vendor's own account: signup, store profile, projects portfolio, dashboard and reviews
 * received. Field names follow the spec's vendor fields (Business_Name, Owner_name, Category…).
 */

export const CHARGE_MIN = 50;
export const CHARGE_MAX = 200_000;
export const SUB_CATEGORIES_MAX = 10;
export const PROJECTS_MAX = 60;

const line = (label: string, max: number) => text().trim().min(1, `Please enter the ${label}.`).max(max, `The ${label} can have at most ${max} characters.`);
const businessName = line('business name', 100);
const businessAddress = line('business address', 300);
const description = text().trim().max(2_000, 'The description can have at most 2000 characters.');
const city = z.enum(CITIES, `Please choose ${CITIES.join(', ')}.`);
const charge = z.number('Please enter your charge in rupees.').int('Please enter your charge in whole rupees.')
  .min(CHARGE_MIN, `Please enter a charge between ₹${CHARGE_MIN} and ₹2,00,000.`).max(CHARGE_MAX, `Please enter a charge between ₹${CHARGE_MIN} and ₹2,00,000.`);
const chargeType = z.enum(CHARGE_TYPES, `The charge type is ${CHARGE_TYPES.join(', ')}.`);

/**
 * An image of ours: an upload (`POST /api/vendor/uploads` answers `/uploads/…`) or one of the seeded catalogue
 * images (`/images/…`). Never an outside address: a profile would otherwise load, and track, from anywhere.
 */
export const ZImagePath = z.string().trim().max(300, 'That image path is too long.')
  .regex(/^\/(uploads|images)\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/, 'Please upload the image here: only images stored on Nirmaan can be used.')
  .refine((p) => !p.includes('..'), 'Please upload the image here: only images stored on Nirmaan can be used.');

export const materialCategoryNames: readonly string[] = MATERIAL_CATEGORIES.map((c) => c.name);
export const serviceCategoryNames: readonly string[] = SERVICE_CATEGORIES.map((c) => c.name);
/** The catalogue a vendor's category comes from: material categories for sellers, trades for professionals. */
export const categoriesFor = (kind: (typeof VENDOR_KINDS)[number]) => (kind === 'seller' ? materialCategoryNames : serviceCategoryNames);

/** POST /api/vendor/signup, inside the verified-OTP window of `email` (after /sendotp purpose 'vendor-signup'). */
export const ZVendorSignupBody = z.object({
  Business_Name: businessName,
  Owner_name: ZFullName,
  email: ZEmail,
  phone: ZIndianPhone,
  password: ZPassword,
  kind: z.enum(VENDOR_KINDS, 'Please choose whether you sell materials or offer a service.'),
  Category: z.string().trim().max(100),
  city,
  Business_address: businessAddress,
  Charge_Per_Hour_or_Day: charge.optional(),
  Charge_Type: chargeType.optional(),
}).superRefine((b, ctx) => {
  if (!categoriesFor(b.kind).includes(b.Category)) {
    ctx.addIssue({ code: 'custom', path: ['Category'], message: b.kind === 'seller' ? 'Please choose a material category.' : 'Please choose your trade.' });
  }
  if (b.kind === 'professional' && (b.Charge_Per_Hour_or_Day === undefined || b.Charge_Type === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['Charge_Per_Hour_or_Day'], message: 'Please enter your charge and how you charge (per hour, day or visit).' });
  }
});
export type VendorSignupBody = z.input<typeof ZVendorSignupBody>;

/** PUT /api/vendor/profile: the store's public face. Category is checked against the account's kind on the server. */
export const ZVendorProfileBody = z.object({
  Business_Name: businessName,
  Owner_name: ZFullName,
  Business_Description: description,
  Business_address: businessAddress,
  City: city,
  Profile_Image: ZImagePath.nullable(),
  Category: z.string().trim().max(100),
  Sub_Category: z.array(text().trim().min(1, 'Sub-categories cannot be empty.').max(40, 'Sub-categories can have at most 40 characters.'))
    .max(SUB_CATEGORIES_MAX, `At most ${SUB_CATEGORIES_MAX} sub-categories.`),
  Charge_Per_Hour_or_Day: charge.nullable().optional(),
  Charge_Type: chargeType.nullable().optional(),
});
export type VendorProfileBody = z.input<typeof ZVendorProfileBody>;

/** The vendor's own profile: the public one, with the contact details only the vendor sees, and its approval. */
export const ZVendorOwnProfile = ZVendorProfile.extend({ email: z.string(), phone: z.string(), approved: z.boolean() });
export type VendorOwnProfile = z.infer<typeof ZVendorOwnProfile>;

/** A portfolio project; `date` is when the work was done (YYYY-MM-DD), shown publicly as `createdAt`. */
export const ZVendorProjectBody = z.object({
  title: line('project title', 120),
  category: line('project category', 60),
  description: text().trim().min(1, 'Please describe the project.').max(1_000, 'The description can have at most 1000 characters.'),
  image: ZImagePath,
  date: zIsoDate('The date is YYYY-MM-DD.').nullable().optional(),
});
export type VendorProjectBody = z.input<typeof ZVendorProjectBody>;
export const ZVendorProject = ZProject.extend({ date: z.string().nullable() });
export type VendorProject = z.infer<typeof ZVendorProject>;
export const ZVendorProjectList = z.array(ZVendorProject);
export const ZProjectIdParams = z.object({ id: z.uuid('That link is not valid: the id is malformed.') });

/** GET /api/vendor/dashboard: counts and the latest of each, computed on the server. */
export const ZVendorDashboard = z.object({
  /** Order lines still Pending (to ship). */
  newOrders: z.number().int(),
  /** Pending or Confirmed bookings on today or later (India's date). */
  upcomingBookings: z.number().int(),
  unreadMessages: z.number().int(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** Sum of Delivered lines delivered this calendar month in India, in rupees. */
  revenueThisMonth: z.number(),
  /** The month that is, YYYY-MM. */
  month: z.string(),
  latestOrders: z.array(ZOrderLine),
  nextBookings: z.array(ZVendorBooking),
  /** The latest conversations, each with its last message and what is unread in it. */
  latestMessages: z.array(ZConversationSummary),
  latestReviews: z.array(ZVendorReview),
  /** A seller's product views (POST /updateview/{productId}): all its shown products', and its most viewed few. */
  productViews: z.object({
    total: z.number().int(),
    top: z.array(z.object({ _id: z.string(), ProductName: z.string(), views: z.number().int() })),
  }).optional(),
});
export type VendorDashboard = z.infer<typeof ZVendorDashboard>;

/** GET /api/vendor/reviews: every review of the vendor, newest first, with the stored average. */
export const ZVendorReviewsReceived = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Of count, how many carry a verified mark. */
  verifiedCount: z.number().int().optional(),
  reviews: z.array(ZVendorReview),
});
export type VendorReviewsReceived = z.infer<typeof ZVendorReviewsReceived>;

export const VENDOR_ACCOUNT_MSG = {
  signedUp: 'Account created. It awaits approval: you can log in and complete your profile meanwhile.',
  awaitingApproval: 'Your account is awaiting approval. Customers will see your store once Nirmaan approves it; meanwhile you can complete your profile.',
  chargeRequired: 'Professionals need a charge and a charge type: customers book you at that price.',
  projectNotFound: 'Project not found.',
  imageNotOurs: 'Upload the image with the image button: links to other sites and other vendors’ images are not accepted.',
  tooManyProjects: `You can show at most ${PROJECTS_MAX} projects. Please delete one first.`,
} as const;
