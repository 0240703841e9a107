import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZMessageResponse } from '@nirmaan/shared';
import {
  OPS_MSG, OPS_PERMISSIONS, ZOperatorMe, ZOpsAuditPage, ZOpsAuditQuery, ZOpsCustomer, ZOpsCustomerDetail, ZOpsCustomerList, ZOpsCustomerListQuery,
  ZOpsDashboard, ZOpsLoggedIn, ZOpsReview, ZOpsReviewList, ZOpsReviewListQuery, ZOpsReviewModerationBody, ZOpsLoginBody, ZOpsOptionalReasonBody, ZOpsReasonBody, ZOpsVendor, ZOpsVendorList, ZOpsVendorListQuery, ZOpsVerifyBody,
  type OpsPermission,
} from '@nirmaan/shared/ops';
import type { FastifyReply } from 'fastify';
import { opsSecurity, sessionErrorResponses as errors } from '../lib/http-schemas.ts';
import { requireOperator } from '../lib/identity.ts';
import { countUnresolved } from '../modules/disputes/service.ts';
import { dashboardFigures } from '../modules/transfers/service.ts';
import * as service from '../modules/ops/service.ts';
import { setReviewHidden } from '../flows/moderate-review.ts';

/**
 * The operator console's calls. Every call but the two login steps needs an ops session (its own cookie) and
 * a role allowed by OPS_PERMISSIONS; the OpenAPI document lists the roles as the scheme's scopes. No answer is
 * cached anywhere.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secured = (permission: OpsPermission) => ({ tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS[permission]) });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.post('/api/ops/login', {
    schema: {
      tags: ['operator console'], summary: 'First step of an operator login: a right password mails a 6-digit code (the password alone opens nothing)',
      body: ZOpsLoginBody, response: { 200: ZMessageResponse, ...errors },
    },
  }, async (req) => {
    await service.startLogin(app.db, app.limiter, req.body.email, req.body.password, req.ip);
    void app.outbox.poke();
    return { message: OPS_MSG.codeSent };
  });

  app.post('/api/ops/login/verify', {
    schema: {
      tags: ['operator console'], summary: 'Second step: the mailed code, after the password; opens a console session (cookie nirmaan_ops, SameSite=Strict, 30 minutes idle, 8 hours at most)',
      body: ZOpsVerifyBody, response: { 200: ZOpsLoggedIn, ...errors },
    },
  }, async (req, reply) => {
    const { token, operator } = await service.finishLogin(app.db, app.limiter, req.body.email, req.body.otp);
    reply.setOpsCookie(token);
    return { message: 'Success', operator };
  });

  app.post('/api/ops/logout', {
    schema: { ...secured('read'), summary: 'End this console session and clear its cookie', response: { 200: ZMessageResponse, ...errors } },
  }, async (req, reply) => {
    const op = await requireOperator(req, 'read');
    await service.logout(app.db, op.sessionId);
    reply.clearOpsCookie();
    return { message: 'Logged out' };
  });

  app.get('/api/ops/me', {
    schema: { ...secured('read'), summary: 'The logged-in operator and role', response: { 200: ZOperatorMe, ...errors } },
  }, async (req, reply) => {
    noStore(reply);
    return service.me(await requireOperator(req, 'read'));
  });

  app.get('/api/ops/dashboard', {
    schema: { ...secured('read'), summary: "Today's and this month's orders, GMV and bookings (India time); vendors awaiting approval; open disputes; vendor transfers held (count and sum) and failed", response: { 200: ZOpsDashboard, ...errors } },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    const money = await dashboardFigures(app.db);
    return {
      ...await service.dashboard(app.db), openDisputes: await countUnresolved(app.db),
      heldTransfers: { count: money.held, sumPaise: money.heldSumPaise }, failedTransfers: money.failed,
    };
  });

  app.get('/api/ops/vendors', {
    schema: {
      ...secured('read'), summary: 'Vendors by status (pending: the approval queue, oldest first) and text (name, owner, email, city), 50 a page',
      querystring: ZOpsVendorListQuery, response: { 200: ZOpsVendorList, ...errors },
    },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    return service.listVendors(app.db, req.query);
  });

  app.get('/api/ops/vendors/:id', {
    schema: { ...secured('read'), summary: "A vendor's profile and review state", params: ZIdParams, response: { 200: ZOpsVendor, ...errors } },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    return service.getVendor(app.db, req.params.id);
  });

  const decision = (action: service.VendorAction, summary: string, needsReason: boolean) => app.post(`/api/ops/vendors/:id/${action}`, {
    schema: { ...secured('decideVendors'), summary, params: ZIdParams, body: needsReason ? ZOpsReasonBody : ZOpsOptionalReasonBody.nullish(), response: { 200: ZOpsVendor, ...errors } },
  }, async (req) => {
    const op = await requireOperator(req, 'decideVendors');
    const reason = (req.body as { reason?: string } | undefined)?.reason || null;
    await service.decideVendor(app.db, service.actorOf(op), { id: req.params.id }, action, reason);
    // After the commit, so no process caches an answer read before it.
    await app.responseCache.evict(await service.publicCacheTags(app.db, req.params.id));
    return service.getVendor(app.db, req.params.id);
  });
  decision('approve', 'Approve a pending vendor: listed publicly at once; mailed; audited. A decided vendor answers 409', false);
  decision('reject', 'Reject a pending vendor with a reason: mailed; the vendor may fix the details and resubmit; audited', true);
  decision('suspend', 'Suspend an approved vendor with a reason: gone at once from every public list, page and search (cached answers too, in every process); audited', true);
  decision('unsuspend', 'Lift a suspension: listed again at once; audited', false);

  app.get('/api/ops/customers', {
    schema: { ...secured('read'), summary: 'Customers by name, email or phone, newest first, 50 a page', querystring: ZOpsCustomerListQuery, response: { 200: ZOpsCustomerList, ...errors } },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    return service.searchCustomers(app.db, req.query);
  });

  app.get('/api/ops/customers/:id', {
    schema: { ...secured('read'), summary: "A customer with their recent orders, bookings and reviews", params: ZIdParams, response: { 200: ZOpsCustomerDetail, ...errors } },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    return service.getCustomer(app.db, req.params.id);
  });

  app.post('/api/ops/customers/:id/block', {
    schema: {
      ...secured('blockCustomers'), summary: 'Block a customer with a reason: every session ends at once and login is refused; audited',
      params: ZIdParams, body: ZOpsReasonBody, response: { 200: ZOpsCustomer, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'blockCustomers');
    return service.setCustomerBlocked(app.db, service.actorOf(op), req.params.id, true, req.body.reason);
  });

  app.post('/api/ops/customers/:id/unblock', {
    schema: { ...secured('blockCustomers'), summary: 'Unblock a customer; audited', params: ZIdParams, body: ZOpsOptionalReasonBody.nullish(), response: { 200: ZOpsCustomer, ...errors } },
  }, async (req) => {
    const op = await requireOperator(req, 'blockCustomers');
    return service.setCustomerBlocked(app.db, service.actorOf(op), req.params.id, false, req.body?.reason || null);
  });

  app.get('/api/ops/audit', {
    schema: {
      ...secured('read'), summary: 'The audit log, newest first, 100 a page (`before`: the previous page’s last id); filter by action, subject or actor. Append-only: no call changes it',
      querystring: ZOpsAuditQuery, response: { 200: ZOpsAuditPage, ...errors },
    },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    return service.listAudit(app.db, req.query);
  });

  app.get('/api/ops/reviews', {
    schema: {
      ...secured('read'), summary: 'Product and vendor reviews, newest first, 50 a page, with report counts; reported=true: only reported ones, latest report first',
      querystring: ZOpsReviewListQuery, response: { 200: ZOpsReviewList, ...errors },
    },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    noStore(reply);
    return service.listReviews(app.db, req.query);
  });

  const moderation = (hidden: boolean, summary: string) => app.post(`/api/ops/reviews/:id/${hidden ? 'hide' : 'unhide'}`, {
    schema: { ...secured('moderateReviews'), summary, params: ZIdParams, body: ZOpsReviewModerationBody, response: { 200: ZOpsReview, ...errors } },
  }, async (req) => {
    const op = await requireOperator(req, 'moderateReviews');
    const tags = await setReviewHidden(app.db, service.actorOf(op), req.body.kind, req.params.id, hidden, req.body.reason);
    // After the commit, so no process caches an answer read before it.
    await app.responseCache.evict(tags);
    return service.getReview(app.db, req.body.kind, req.params.id);
  });
  moderation(true, 'Hide a review with a reason: gone at once from the public lists and the stored average and count (cached answers too, in every process); audited. A hidden review answers 409');
  moderation(false, 'Show a hidden review again with a reason: back in the lists and the average at once; audited');
};
