import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Who a session belongs to. Customers and vendors are separate roles: neither can use the other's calls. */
export interface Identity {
  role: 'customer' | 'vendor';
  id: string;
  name: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session cookie's identity, or null; looked up once per request (plugins/session.ts). */
    identity(): Promise<Identity | null>;
  }
  interface FastifyReply {
    /** Sets the HttpOnly session cookie for a new login (plugins/session.ts). */
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

export const LOGIN_REQUIRED = 'Please log in to continue.';

export async function requireCustomer(req: FastifyRequest): Promise<Identity> {
  const who = await req.identity();
  if (!who) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  if (who.role !== 'customer') throw new AppError('FORBIDDEN', 'This is for customers. Please log in with a customer account.');
  return who;
}

export async function requireVendor(req: FastifyRequest): Promise<Identity> {
  const who = await req.identity();
  if (!who) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  if (who.role !== 'vendor') throw new AppError('FORBIDDEN', 'This is for vendors. Please log in with your vendor account.');
  return who;
}

/** Path or body ids that name a customer must be the session's own. */
export async function requireSelf(req: FastifyRequest, customerId: string): Promise<Identity> {
  const me = await requireCustomer(req);
  if (me.id !== customerId) throw new AppError('FORBIDDEN', 'You can only see and change your own account.');
  return me;
}
