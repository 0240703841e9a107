import { z } from 'zod';
import {
  ZProductDetail, ZProductList, ZProductReview, ZProjectList, ZServicePage, ZStoreProductList, ZVendorProfile, ZVendorReview,
} from './api.ts';
import { ZProductPage } from './search.ts';

/**
 * The boundary between the server and the web app's server entry (docs/decisions/023): what a server-rendered
 * page reads, and what the entry gives back. Both sides import it from here, so it is described once.
 *
 * Each read answers exactly what the API call the page's query makes in the browser sends: the server parses
 * its answer with the schema below, so the browser's queries take it over unchanged.
 */
export const PAGE_DATA_ANSWERS = {
  /**
   * A product page's three calls in one read, so the server reads them side by side: `/product/{id}` (with the
   * verified review count), its reviews, and `/related-products/{category}?exclude={id}` of its category.
   */
  productView: z.object({ product: ZProductDetail, reviews: ZProductReview.array(), related: ZProductList }),
  /** `/api/products`. */
  productPage: ZProductPage,
  /** `/api/services`. */
  servicePage: ZServicePage,
  /** `/profesionaldetails/{id}`, with the verified review count. */
  vendorProfile: ZVendorProfile,
  /** `/api/vendor/{id}`. */
  storeVendor: ZVendorProfile,
  vendorProjects: ZProjectList,
  vendorReviews: ZVendorReview.array(),
  storeProducts: ZStoreProductList,
} as const;

type Answer<K extends keyof typeof PAGE_DATA_ANSWERS> = Promise<z.output<(typeof PAGE_DATA_ANSWERS)[K]>>;

/** A page's reads, answered by the server's module services in-process; a missing row rejects with `status` 404. */
export interface PageData {
  productView(id: string): Answer<'productView'>;
  /** `query` is the `/api/products` query string the materials page sends. */
  productPage(query: string): Answer<'productPage'>;
  /** `query` is the `/api/services` query string the services page sends. */
  servicePage(query: string): Answer<'servicePage'>;
  vendorProfile(id: string): Answer<'vendorProfile'>;
  storeVendor(id: string): Answer<'storeVendor'>;
  vendorProjects(id: string): Answer<'vendorProjects'>;
  vendorReviews(id: string): Answer<'vendorReviews'>;
  storeProducts(id: string): Answer<'storeProducts'>;
}

export interface RenderedPage {
  status: number;
  /** Tags of the response cache this page shows (`product:<id>`, `vendors`…). */
  tags: string[];
  /** Tags for `<head>`: React's hoisted title and image preloads, then description, canonical, Open Graph, Twitter, JSON-LD. */
  head: string;
  /** The app's markup for `#root` (React's hoisted title and preloads are moved to `head`). */
  body: string;
  /** The dehydrated queries, safe to put inside a `<script>`. */
  state: string;
  /** The page's source module, as vite's manifest names it (its chunk is preloaded). */
  module: string;
  /** The page's language for `<html lang>` (`hi-IN`); absent: English. */
  lang?: string;
  /** The page's language catalogue as vite's manifest names it (preloaded with the page's chunk). */
  catalogue?: string;
}

/** The web app's server entry (`apps/web/src/entry-server.tsx`, built into `dist-ssr/`) as the server calls it. */
export interface SsrEntry {
  /**
   * Renders `path` (a path and query; `/hi/...`, `/te/...`, `/mr/...` in that language), or answers null for a page the browser renders. `visitor.session`: the
   * browser holds a live customer session, so the header shows the account menu rather than "Login" (not whose).
   */
  render(path: string, data: PageData, origin: string, visitor?: { session: boolean }): Promise<RenderedPage | null>;
}
