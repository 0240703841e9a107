import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMessageResponse, ZProjectIdParams, ZVendorOwnProfile, ZVendorProfileBody, ZVendorProject, ZVendorProjectBody, ZVendorProjectList,
  ZVendorReviewsReceived, VENDOR_AUTH_MSG, ZLanguageBody, ZLanguageResponse,
} from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import { reviewsReceivedMarked } from '../modules/reviews/service.ts';
import * as service from '../modules/vendors/service.ts';

/**
 * The logged-in vendor's own store: profile, projects portfolio and reviews received. Every change evicts the
 * cached public answers that show the vendor (`vendor:<id>`, and the lists under `vendors`), so a profile edit
 * shows at once.
 */
export const vendorAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };
  const evictPublic = (vendorId: string) => app.responseCache.evict([`vendor:${vendorId}`, 'vendors']);

  app.get('/api/vendor/profile', {
    schema: { ...common, summary: "The vendor's own profile: the public one with its email, phone and approval", response: { 200: ZVendorOwnProfile, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.getOwnProfile(app.db, me.id);
  });

  app.put('/api/vendor/language', {
    schema: {
      ...common, summary: 'The logged-in vendor’s language (en, hi, te or mr): its mails are written in it',
      body: ZLanguageBody, response: { 200: ZLanguageResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    await service.setLanguage(app.db, me.id, req.body.language);
    return { language: req.body.language };
  });

  app.put('/api/vendor/profile', {
    schema: {
      ...common,
      summary: 'Change the store profile: names, description, address, city, image (an upload of ours), category from the catalogue of its kind, sub-categories; professionals keep a charge',
      body: ZVendorProfileBody, response: { 200: ZVendorOwnProfile, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const saved = await service.updateOwnProfile(app.db, me.id, req.body);
    await evictPublic(me.id);
    return saved;
  });

  app.get('/api/vendor/projects', {
    schema: { ...common, summary: "The vendor's projects portfolio, newest first", response: { 200: ZVendorProjectList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.listOwnProjects(app.db, me.id);
  });

  app.post('/api/vendor/projects', {
    schema: { ...common, summary: 'Add a project (title, category, description, image, optional date); at most 60', body: ZVendorProjectBody, response: { 201: ZVendorProject, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    const saved = await service.addProject(app.db, me.id, req.body);
    await evictPublic(me.id);
    return reply.status(201).send(saved);
  });

  app.patch('/api/vendor/projects/:id', {
    schema: { ...common, summary: "Change one of the vendor's projects (another vendor's: 404)", params: ZProjectIdParams, body: ZVendorProjectBody, response: { 200: ZVendorProject, ...sessionErrorResponses } },
  }, async (req) => {
    const me = await requireVendor(req);
    const saved = await service.changeProject(app.db, me.id, req.params.id, req.body);
    await evictPublic(me.id);
    return saved;
  });

  app.delete('/api/vendor/projects/:id', {
    schema: { ...common, summary: "Delete one of the vendor's projects (another vendor's: 404)", params: ZProjectIdParams, response: { 200: ZMessageResponse, ...sessionErrorResponses } },
  }, async (req) => {
    const me = await requireVendor(req);
    await service.removeProject(app.db, me.id, req.params.id);
    await evictPublic(me.id);
    return { message: 'Project deleted.' };
  });

  app.post('/api/vendor/resubmit', {
    schema: {
      ...common, summary: 'After an operator rejected the signup (the reason shows in /api/vendor/me), send the fixed details back to the review queue',
      response: { 200: ZMessageResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    await service.resubmit(app.db, me.id);
    return { message: VENDOR_AUTH_MSG.resubmitted };
  });

  app.get('/api/vendor/reviews', {
    schema: { ...common, summary: "Reviews of the logged-in vendor, newest first (each with its verified mark), with the stored average, count and verified count", response: { 200: ZVendorReviewsReceived, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return reviewsReceivedMarked(app.db, me.id);
  });
};
