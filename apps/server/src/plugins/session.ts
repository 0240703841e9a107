import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { OPS_MSG, OPS_SESSION_MAX_HOURS } from '@nirmaan/shared/ops';
import { AppError } from '../lib/errors.ts';
import { LOGIN_REQUIRED, type Identity, type OperatorIdentity } from '../lib/identity.ts';
import { SESSION_COOKIE, SESSION_DAYS, findSessionIdentity } from '../modules/auth/service.ts';
import { OPS_COOKIE, findOperatorSession } from '../modules/ops/service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own words for the session refusals its security scheme implies (plugins/session.ts). */
    sessionRefusals?: { loginRequired?: string; wrongRole?: string };
  }
}

/** Whose session a route's OpenAPI security asks for; undefined for a public call. */
type SessionNeed = { kind: 'customer' | 'vendor' | 'any' } | { kind: 'ops'; roles: readonly string[] };

export function sessionNeedOf(security: unknown): SessionNeed | undefined {
  if (!Array.isArray(security) || security.length === 0) return undefined;
  const schemes = Object.assign({}, ...security) as Record<string, string[]>;
  if (schemes.opsSession) return { kind: 'ops', roles: schemes.opsSession };
  if (schemes.sessionCookie && schemes.vendorSession) return { kind: 'any' };
  if (schemes.vendorSession) return { kind: 'vendor' };
  if (schemes.sessionCookie) return { kind: 'customer' };
  return undefined;
}

const WRONG_ROLE = {
  customer: 'This is for customers. Please log in with a customer account.',
  vendor: 'This is for vendors. Please log in with your vendor account.',
};

/**
 * The refusal a route's declared security implies, before its body, query or params are validated: a visitor or a
 * wrong role learns 401 or 403, never the shape of the input. Routes still ask for their identity themselves (for
 * finer rules: an owner, a permission); this only settles the coarse "who may call at all". A call open to
 * customers and vendors (`any`) also lets an operator through, as invoices and private files read for operators.
 */
async function refusalFor(req: FastifyRequest, need: SessionNeed): Promise<AppError | null> {
  const words = req.routeOptions.config.sessionRefusals ?? {};
  if (need.kind === 'ops') {
    const op = await req.operator();
    if (!op) return new AppError('UNAUTHENTICATED', words.loginRequired ?? OPS_MSG.loginRequired);
    return need.roles.includes(op.role) ? null : new AppError('FORBIDDEN', words.wrongRole ?? OPS_MSG.wrongRole);
  }
  const who = await req.identity();
  if (need.kind === 'any') {
    return who || (await req.operator()) ? null : new AppError('UNAUTHENTICATED', words.loginRequired ?? LOGIN_REQUIRED);
  }
  if (!who) return new AppError('UNAUTHENTICATED', words.loginRequired ?? LOGIN_REQUIRED);
  return who.role === need.kind ? null : new AppError('FORBIDDEN', words.wrongRole ?? WRONG_ROLE[need.kind]);
}

function guardBySecurity(route: RouteOptions) {
  const need = sessionNeedOf(route.schema?.security);
  if (!need) return;
  // onRequest, so even the body is not read (nor parsed) for a caller who may not make the call.
  const guard = async (req: FastifyRequest) => {
    const refusal = await refusalFor(req, need);
    if (refusal) throw refusal;
  };
  const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
  route.onRequest = [guard, ...own] as RouteOptions['onRequest'];
}

/**
 * Cookie handling and "who is logged in", in one place: routes ask `req.identity()` and call
 * `reply.setSessionCookie()`; the lookup itself is the auth service's. Every route whose schema declares a session
 * security scheme is guarded by it before validation (registered before any route, so it sees them all).
 */
export function registerSession(app: FastifyInstance) {
  app.addHook('onRoute', guardBySecurity);

  const lookups = new WeakMap<FastifyRequest, Promise<Identity | null>>();
  const secure = app.config.PUBLIC_URL?.startsWith('https:') ?? false;

  app.decorateRequest('identity', function identity(this: FastifyRequest) {
    let found = lookups.get(this);
    if (!found) {
      found = findSessionIdentity(app.db, this.cookies[SESSION_COOKIE]);
      lookups.set(this, found);
    }
    return found;
  });

  const operators = new WeakMap<FastifyRequest, Promise<OperatorIdentity | null>>();
  app.decorateRequest('operator', function operator(this: FastifyRequest) {
    let found = operators.get(this);
    if (!found) {
      found = findOperatorSession(app.db, this.cookies[OPS_COOKIE]);
      operators.set(this, found);
    }
    return found;
  });

  app.decorateReply('setOpsCookie', function setOpsCookie(token: string) {
    return this.setCookie(OPS_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: OPS_SESSION_MAX_HOURS * 3600 });
  });
  app.decorateReply('clearOpsCookie', function clearOpsCookie() {
    return this.clearCookie(OPS_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
  });

  app.decorateReply('setSessionCookie', function setSessionCookie(token: string) {
    return this.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_DAYS * 24 * 3600 });
  });
  app.decorateReply('clearSessionCookie', function clearSessionCookie() {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
}
