import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_SESSION_MAX_HOURS } from '@nirmaan/shared/ops';
import type { Identity, OperatorIdentity } from '../lib/identity.ts';
import { SESSION_COOKIE, SESSION_DAYS, findSessionIdentity } from '../modules/auth/service.ts';
import { OPS_COOKIE, findOperatorSession } from '../modules/ops/service.ts';

/**
 * Cookie handling and "who is logged in", in one place: routes ask `req.identity()` and call
 * `reply.setSessionCookie()`; the lookup itself is the auth service's.
 */
export function registerSession(app: FastifyInstance) {
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
