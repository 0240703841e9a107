import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZFetchServicesQuery, ZIdParams, ZServicePage, ZProjectList, ZServiceList, ZStoreProductList, ZVendorPrice, ZVendorProfile,
  ZVendorMe, ZViewStoreBody,
} from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, errorResponses, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import { countVerifiedVendorReviews } from '../modules/reviews/service.ts';
import { vendorAccountRoutes } from './vendor-account.ts';
import * as service from '../modules/vendors/service.ts';

const vendorTag = (req: FastifyRequest) => [`vendor:${(req.params as { id: string }).id}`];

export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(vendorAccountRoutes);

  app.get('/fetch/services', {
    config: { publicCache: { tags: () => ['vendors'] } },
    schema: {
      tags: ['vendors'],
      summary: 'Professionals of a trade (or matching a term)',
      querystring: ZFetchServicesQuery,
      response: { 200: ZServiceList, ...errorResponses },
    },
  }, (req) => service.listServices(app.db, req.query));

  app.get('/api/services', {
    config: { publicCache: { tags: () => ['vendors'] } },
    schema: {
      tags: ['vendors'],
      summary: 'A numbered page of professionals of a trade, filtered in SQL, with the total',
      querystring: ZFetchServicesQuery,
      response: { 200: ZServicePage, ...errorResponses },
    },
  }, (req) => service.listServicePage(app.db, req.query));

  app.get('/profesionaldetails/:id', {
    config: { publicCache: { tags: vendorTag } },
    schema: {
      tags: ['vendors'],
      summary: "A vendor's public profile, its stored rating and how many of its reviews are verified",
      params: ZIdParams,
      response: { 200: ZVendorProfile, ...errorResponses },
    },
  }, async (req) => {
    const profile = await service.getVendorProfile(app.db, req.params.id);
    return { ...profile, VerifiedReviewCount: await countVerifiedVendorReviews(app.db, profile._id, profile.ReviewCount) };
  });

  app.get('/api/vendor/me', {
    schema: {
      tags: ['vendor accounts'],
      summary: "The logged-in vendor's own account",
      security: VENDOR_SESSION_SECURITY,
      response: { 200: ZVendorMe, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.getVendorMe(app.db, me.id);
  });

  app.get('/api/vendor/:id', {
    config: { publicCache: { tags: vendorTag } },
    schema: {
      tags: ['vendors'],
      summary: "A vendor's public details (chat header, store hero)",
      params: ZIdParams,
      response: { 200: ZVendorProfile, ...errorResponses },
    },
  }, (req) => service.getVendorProfile(app.db, req.params.id));

  app.get('/api/projects/:id', {
    config: { publicCache: { tags: vendorTag } },
    schema: {
      tags: ['vendors'],
      summary: "A professional's recent projects, newest first",
      params: ZIdParams,
      response: { 200: ZProjectList, ...errorResponses },
    },
  }, (req) => service.listProjects(app.db, req.params.id));

  app.post('/api/viewstore', {
    schema: {
      tags: ['vendors'],
      summary: "A seller's store: all its products",
      body: ZViewStoreBody,
      response: { 200: ZStoreProductList, ...errorResponses },
    },
  }, (req) => service.listStoreProducts(app.db, req.body.id));

  app.get('/api/vendor/:id/price', {
    config: { publicCache: { tags: vendorTag } },
    schema: {
      tags: ['vendors'],
      summary: "A professional's base price for a booking",
      params: ZIdParams,
      response: { 200: ZVendorPrice, ...errorResponses },
    },
  }, (req) => service.getVendorPrice(app.db, req.params.id));
};
