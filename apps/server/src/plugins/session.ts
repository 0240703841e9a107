import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Identity } from '../lib/identity.ts';
import { SESSION_COOKIE, SESSION_DAYS, findSessionIdentity } from '../modules/auth/service.ts';

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

  app.decorateReply('setSessionCookie', function setSessionCookie(token: string) {
    return this.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_DAYS * 24 * 3600 });
  });
  app.decorateReply('clearSessionCookie', function clearSessionCookie() {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
}
