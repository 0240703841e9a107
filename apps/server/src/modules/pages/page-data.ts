import type { z } from 'zod';
import { ZFetchServicesQuery, ZId, ZProductListQuery, MSG } from '@nirmaan/shared';
import { PAGE_DATA_ANSWERS as A, type PageData } from '@nirmaan/shared/ssr';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as catalogue from '../catalogue/service.ts';
import { countVerifiedVendorReviews, listMarkedVendorReviews, productReviewsForPage } from '../reviews/service.ts';
import * as vendors from '../vendors/service.ts';

/** A failed read as the rendered page sees it: its status only, so nothing internal reaches the page's state. */
export class PageDataError extends Error {
  constructor(readonly status: number) {
    super(`page data: ${status}`);
  }
  toJSON() {
    return { status: this.status };
  }
}

/** The answer exactly as the API call sends it: dates as strings, undeclared fields dropped. */
const asSent = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => schema.parse(JSON.parse(JSON.stringify(value)));

const query = (qs: string) => Object.fromEntries(new URLSearchParams(qs));

function requireId(id: string, message: string) {
  if (!ZId.safeParse(id).success) throw notFound(message);
  return id;
}

async function guarded<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw new PageDataError(err instanceof AppError ? err.status : 500);
  }
}

/**
 * The server-rendered pages' reads, through the modules' services in this process: each returns what the matching
 * API call returns (`/product/{id}`, `/api/products`…), so the browser's queries take them over unchanged.
 */
export function pageData(db: Db): PageData {
  return {
    productView: (id) => guarded(async () => {
      requireId(id, MSG.productNotFound);
      // Side by side: the product (its absence is the page's 404), its reviews and its category's related products.
      const [p, reviews, related] = await Promise.all([
        catalogue.getProduct(db, id), productReviewsForPage(db, id), catalogue.listRelatedToProduct(db, id),
      ]);
      return asSent(A.productView, { product: { ...p, ProductVerifiedReviewCount: reviews.verifiedCount }, reviews: reviews.reviews, related });
    }),
    productPage: (qs) => guarded(async () => asSent(A.productPage, await catalogue.listProductPage(db, ZProductListQuery.parse(query(qs))))),
    servicePage: (qs) => guarded(async () => asSent(A.servicePage, await vendors.listServicePage(db, ZFetchServicesQuery.parse(query(qs))))),
    vendorProfile: (id) => guarded(async () => {
      const v = await vendors.getVendorProfile(db, requireId(id, MSG.noVendorFound));
      return asSent(A.vendorProfile, { ...v, VerifiedReviewCount: await countVerifiedVendorReviews(db, v._id, v.ReviewCount) });
    }),
    storeVendor: (id) => guarded(async () => asSent(A.storeVendor, await vendors.getVendorProfile(db, requireId(id, MSG.vendorNotFound)))),
    vendorProjects: (id) => guarded(async () => asSent(A.vendorProjects, await vendors.listProjects(db, id))),
    vendorReviews: (id) => guarded(async () => asSent(A.vendorReviews, (await listMarkedVendorReviews(db, id)).getreview)),
    storeProducts: (id) => guarded(async () => asSent(A.storeProducts, await vendors.listStoreProducts(db, requireId(id, MSG.vendorNotFound)))),
  };
}
